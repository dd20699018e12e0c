// Fault injection for the crash-safety tests: with WARPSYNTH_FAULT=POINT:N in
// the environment, the N-th time the pipeline reaches POINT the process kills
// itself with SIGKILL (exactly what `kill -9` does, at an exact moment).
// Points: "record" (a record was appended to a shard stream), "shard" (a shard
// file was renamed into place, before the manifest lists it), "manifest" (the
// manifest was rewritten), "finalize" (stats and card written, before the
// manifest is marked complete); and in the verification pass (src/verify/
// dataset_pass.h): "verify_chunk" (verified records appended to a temporary
// shard), "verify_manifest" (the manifest lists the rewritten shard, which is
// still under its temporary name), "verify_shard" (the rewritten shard is in
// place); and in `warpsynth export` (src/export/export.h): "export_row" (a row
// was written into the temporary folder), "export_publish" (the temporary
// folder is complete, before it is renamed to OUT). Without the variable this
// costs one branch.
#pragma once

namespace ws::dataset {

void fault_point(const char* point);

} // namespace ws::dataset
