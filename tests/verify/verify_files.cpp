// verify_files: verification of Python files' kernels, record by record, for
// the verify tests (and for debugging the verifier without a dataset).
//
//   verify_files [--jobs N] [--batch N] [--dump DIR] [--cuda-mode M] [--timeout S]
//                [--no-cuda] [--no-grad] [--keep-work DIR] [--expect-verified] FILE.py...
//
// Prints one line per record:
// `<id>\t<compiled_cuda>\t<compiled_cpu>\t<executed>\t<grad_check>\t<depends_on_inputs>`,
// then the totals. Exit status 0, or 1 with --expect-verified when a record is not verified.
#include "syntax/source.h"
#include "verify/source_records.h"
#include "verify/verify.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    ws::verify::VerifyOptions o;
    bool expect = false;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--jobs")
            o.jobs = unsigned(std::atoi(value().c_str()));
        else if (a == "--batch")
            o.batch_size = size_t(std::atoi(value().c_str()));
        else if (a == "--dump")
            o.dump_dir = value();
        else if (a == "--cuda-mode")
            o.cuda_mode = value();
        else if (a == "--timeout")
            o.timeout_per_record = std::atof(value().c_str());
        else if (a == "--no-cuda")
            o.cuda = false;
        else if (a == "--no-grad")
            o.grad_check = false;
        else if (a == "--keep-work") {
            o.work_dir = value();
            o.keep_work = true;
        } else if (a == "--expect-verified")
            expect = true;
        else
            files.push_back(a);
    }
    std::vector<ws::dataset::Record> records;
    for (const std::string& f : files) {
        std::ifstream in(f);
        std::stringstream ss;
        ss << in.rdbuf();
        try {
            auto rs = ws::verify::records_from_python(f, ss.str());
            records.insert(records.end(), rs.begin(), rs.end());
        } catch (const ws::CompileError& e) {
            std::printf("%s\tnot compiled by warpsynth: %s\n", f.c_str(), e.format().c_str());
        }
    }
    try {
        ws::verify::Verifier v(o);
        std::cout << v.environment().describe();
        ws::verify::VerifyTotals t = v.verify(records);
        int bad = 0;
        for (const auto& r : records) {
            const auto& x = r.verification;
            std::printf("%s\t%s\t%s\t%s\t%s\t%s\n", r.id.c_str(), x.compiled_cuda.c_str(),
                        x.compiled_cpu.c_str(), x.executed.c_str(), x.grad_check.c_str(),
                        x.depends_on_inputs.c_str());
            if (!ws::verify::is_verified(x)) ++bad;
        }
        std::cout << t.summary();
        return expect && bad ? 1 : 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "verify_files: %s\n", e.what());
        return 2;
    }
}
