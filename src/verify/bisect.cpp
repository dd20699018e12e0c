#include "verify/bisect.h"

#include <algorithm>
#include <set>

namespace ws::verify {

std::string BisectResult::failure_of(size_t member) const {
    if (auto f = failures.find(member); f != failures.end()) return f->second;
    return good.ok ? std::string() : "the batch does not compile: " + good.message;
}

namespace {

struct Bisector {
    const CompileFn& compile;
    int compilations = 0;
    std::map<std::vector<size_t>, Attempt> passed; // member sets known to compile

    Attempt run(const std::vector<size_t>& members) {
        ++compilations;
        Attempt a = compile(members);
        if (a.ok) passed[members] = a;
        return a;
    }

    void find(const std::vector<size_t>& members, const Attempt& attempt,
              std::map<size_t, std::string>& failures) {
        if (attempt.ok || members.empty()) return;
        if (members.size() == 1) {
            failures[members[0]] = attempt.message;
            return;
        }
        std::set<size_t> suspects;
        for (size_t m : attempt.implicated)
            if (std::find(members.begin(), members.end(), m) != members.end()) suspects.insert(m);
        if (!suspects.empty() && suspects.size() < members.size()) {
            // The errors point at a few records: set them aside, check the rest
            // in one go, and each suspect alone (which also gives its own message).
            std::vector<size_t> rest;
            for (size_t m : members)
                if (!suspects.count(m)) rest.push_back(m);
            find(rest, run(rest), failures);
            for (size_t s : suspects) find({s}, run({s}), failures);
            return;
        }
        std::vector<size_t> left(members.begin(), members.begin() + long(members.size() / 2));
        std::vector<size_t> right(members.begin() + long(members.size() / 2), members.end());
        find(left, run(left), failures);
        find(right, run(right), failures);
    }
};

} // namespace

BisectResult compile_with_bisection(const std::vector<size_t>& members, const CompileFn& compile) {
    BisectResult r;
    if (members.empty()) return r;
    Bisector b{compile, 0, {}};
    Attempt first = b.run(members);
    b.find(members, first, r.failures);
    std::vector<size_t> good;
    for (size_t m : members)
        if (!r.failures.count(m)) good.push_back(m);
    if (!good.empty()) {
        auto it = b.passed.find(good);
        r.good = it != b.passed.end() ? it->second : b.run(good);
    }
    r.compilations = b.compilations;
    return r;
}

} // namespace ws::verify
