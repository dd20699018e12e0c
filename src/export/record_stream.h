// The records of a dataset's shards through a oneTBB parallel_pipeline: an
// in-order stage reads lines, a parallel stage parses each record and
// computes `work(record)` (a small result), an in-order stage hands the
// results to `consume` in dataset order. Parsing JSON is most of export's
// time; the output does not depend on `jobs`.
#pragma once

#include "dataset/in_flight.h"
#include "dataset/manifest.h"
#include "dataset/record_reader.h"
#include "dataset/shard_reader.h"

#include <filesystem>
#include <memory>
#include <string>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>
#include <vector>

namespace ws::exporting {

template <class Result, class Work, class Consume>
void transform_records(const std::filesystem::path& dir, const std::vector<dataset::ShardEntry>& shards,
                       unsigned jobs, Work work, Consume consume) {
    struct Item {
        std::string line;
        const dataset::ShardEntry* shard = nullptr;
        size_t line_number = 0;
        Result result;
    };
    dataset::InFlight<Item> in_flight;
    size_t next_shard = 0;
    std::unique_ptr<dataset::ShardReader> reader;
    // One item per call, kept across the ends of shards (next() assigns the whole line).
    auto read = [&](tbb::flow_control& fc) -> Item* {
        Item* item = in_flight.add();
        for (;;) {
            if (!reader) {
                if (next_shard == shards.size()) {
                    in_flight.release(item);
                    fc.stop();
                    return nullptr;
                }
                reader = std::make_unique<dataset::ShardReader>(dir / shards[next_shard].file);
            }
            if (reader->next(item->line)) {
                item->shard = &shards[next_shard];
                item->line_number = reader->line_number();
                return item;
            }
            reader.reset();
            ++next_shard;
        }
    };
    auto transform = [&](Item* item) {
        item->result = work(dataset::parse_record(item->line, dir / item->shard->file, item->line_number));
        std::string().swap(item->line);
        return item;
    };
    tbb::task_arena arena(static_cast<int>(jobs));
    arena.execute([&] {
        tbb::parallel_pipeline(
            jobs * 4, tbb::make_filter<void, Item*>(tbb::filter_mode::serial_in_order, read) &
                          tbb::make_filter<Item*, Item*>(tbb::filter_mode::parallel, transform) &
                          tbb::make_filter<Item*, void>(tbb::filter_mode::serial_in_order, [&](Item* item) {
                              consume(item->result);
                              in_flight.release(item);
                          }));
    });
}

} // namespace ws::exporting
