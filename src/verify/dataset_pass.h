// The verification pass over a dataset folder, shared by `warpsynth verify
// DIR` and `warpsynth generate --verify`.
//
// Every shard the manifest lists and has not marked verified is read,
// verified in compilation batches counted from the shard's start (so verdicts
// do not depend on --jobs) and rewritten with the verdicts in each record's
// metadata.verification, each batch as soon as those before it are. With drop_failed, records that are not
// verified (is_verified in totals.h) are left out; the shard's `records` count goes down and its
// `verification_dropped` count up.
//
// Crash safety: the rewritten shard is sealed under its temporary name, the
// manifest is saved with the shard's new size, checksum and `verified` flag,
// and then the file is renamed into place (dataset/pending_shards.h finishes
// that rename after a crash). A rerun skips the shards marked verified, so
// after kill -9 and a rerun the bytes equal those of an uninterrupted run.
//
// stats.json and the card are the caller's: `verify` rewrites them, generate
// writes them when it finalizes the dataset.
#pragma once

#include "dataset/stats.h"
#include "verify/totals.h"
#include "verify/verify.h"

#include <cstdint>
#include <filesystem>
#include <functional>

namespace ws::verify {

// (records verified so far, records to verify in this call), after each batch.
using DatasetProgress = std::function<void(uint64_t done, uint64_t total)>;

struct DatasetPassTotals {
    VerifyTotals checked;        // verdicts of the records verified by this call (dropped ones included)
    uint64_t shards_checked = 0; // shards verified by this call
    uint64_t shards_skipped = 0; // shards already marked verified (an earlier, interrupted run)
    uint64_t records = 0;        // records in the dataset afterwards
    uint64_t unverified = 0;     // of those, records that are not verified (0 with drop_failed)
    uint64_t dropped = 0;        // records dropped by this call
    uint64_t dropped_total = 0;  // records dropped by every verification of the folder (manifest)
};

// DataError for a folder without manifest or an unreadable record; IoError
// when a shard cannot be written. With `stats`, the statistics of the folder
// afterwards are folded into it as dataset::collect_stats would (which then
// need not read the dataset again).
DatasetPassTotals verify_dataset_shards(Verifier& verifier, const std::filesystem::path& dir,
                                        bool drop_failed, const DatasetProgress& progress,
                                        dataset::StatsCollector* stats = nullptr);

// Clears every shard's `verified` flag, so that the next pass verifies all of
// them again (`warpsynth verify` on a folder that is already verified).
void forget_verification(const std::filesystem::path& dir);

} // namespace ws::verify
