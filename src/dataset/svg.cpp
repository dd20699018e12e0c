#include "dataset/svg.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::dataset {

namespace {
constexpr const char* kFont = "font-family=\"sans-serif\"";
constexpr const char* kColor = "#4c78a8";
} // namespace

std::string xml_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out.push_back(c);
        }
    }
    return out;
}

std::string svg_bar_chart(const std::string& title, const Series& bars) {
    const int label_w = 150, bar_w = 400, row_h = 22, top = 36;
    int height = top + row_h * static_cast<int>(bars.size()) + 10;
    uint64_t max = 1;
    for (const auto& [_, v] : bars) max = std::max(max, v);
    std::string s = fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
                                "viewBox=\"0 0 {} {}\">\n",
                                label_w + bar_w + 90, height, label_w + bar_w + 90, height);
    s += fmt::format("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    s += fmt::format("<text x=\"10\" y=\"22\" {} font-size=\"15\" font-weight=\"bold\">{}</text>\n", kFont,
                     xml_escape(title));
    for (size_t i = 0; i < bars.size(); ++i) {
        int y = top + static_cast<int>(i) * row_h;
        int w = static_cast<int>(static_cast<double>(bars[i].second) / static_cast<double>(max) * bar_w);
        s += fmt::format("<text x=\"{}\" y=\"{}\" {} font-size=\"12\" text-anchor=\"end\">{}</text>\n",
                         label_w - 6, y + 15, kFont, xml_escape(bars[i].first));
        s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", label_w, y + 3,
                         std::max(w, 1), row_h - 6, kColor);
        s += fmt::format("<text x=\"{}\" y=\"{}\" {} font-size=\"12\">{}</text>\n", label_w + w + 6, y + 15,
                         kFont, bars[i].second);
    }
    s += "</svg>\n";
    return s;
}

std::string svg_histograms(const std::vector<std::pair<std::string, Series>>& panels) {
    const int width = 640, panel_h = 170, left = 60, plot_w = 560, plot_h = 110;
    int height = panel_h * static_cast<int>(panels.size()) + 10;
    std::string s = fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
                                "viewBox=\"0 0 {} {}\">\n",
                                width, height, width, height);
    s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    for (size_t p = 0; p < panels.size(); ++p) {
        const auto& [title, bins] = panels[p];
        int y0 = static_cast<int>(p) * panel_h;
        s += fmt::format("<text x=\"10\" y=\"{}\" {} font-size=\"14\" font-weight=\"bold\">{}</text>\n",
                         y0 + 20, kFont, xml_escape(title));
        int base = y0 + 30 + plot_h;
        s += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n", left, base,
                         left + plot_w, base);
        if (bins.empty()) continue;
        uint64_t max = 1;
        for (const auto& [_, v] : bins) max = std::max(max, v);
        s += fmt::format("<text x=\"{}\" y=\"{}\" {} font-size=\"10\" text-anchor=\"end\">{}</text>\n",
                         left - 4, y0 + 40, kFont, max);
        double bw = static_cast<double>(plot_w) / static_cast<double>(bins.size());
        for (size_t i = 0; i < bins.size(); ++i) {
            int h = static_cast<int>(static_cast<double>(bins[i].second) / static_cast<double>(max) * plot_h);
            double x = left + bw * static_cast<double>(i);
            s += fmt::format(
                "<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{} lines: "
                "{}</title></rect>\n",
                x + 1, base - h, std::max(bw - 2, 1.0), h, kColor, xml_escape(bins[i].first), bins[i].second);
            if (i == 0 || i + 1 == bins.size() || i % 5 == 0)
                s += fmt::format(
                    "<text x=\"{:.1f}\" y=\"{}\" {} font-size=\"10\" text-anchor=\"middle\">{}</text>\n",
                    x + bw / 2, base + 13, kFont, xml_escape(bins[i].first));
        }
    }
    s += "</svg>\n";
    return s;
}

} // namespace ws::dataset
