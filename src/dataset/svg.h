// Small self-contained SVG charts for the dataset card (no Python, no
// plotting library): a horizontal bar chart and a histogram.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ws::dataset {

using Series = std::vector<std::pair<std::string, uint64_t>>;

std::string svg_bar_chart(const std::string& title, const Series& bars);
// Several histograms stacked vertically, one per (title, bins).
std::string svg_histograms(const std::vector<std::pair<std::string, Series>>& panels);

std::string xml_escape(const std::string& s);

} // namespace ws::dataset
