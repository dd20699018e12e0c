// The synthesizer's only source of randomness: xoshiro256** seeded through
// splitmix64, with its own integer distributions. std::uniform_*_distribution
// is avoided on purpose: its output differs between standard libraries, and a
// kernel must be the same on every machine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

namespace ws::synth {

// One splitmix64 step: a good 64-bit mixer, also used to hash (seed, index).
inline uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Order-sensitive hash of two words (a pure function: no shared state).
inline uint64_t hash_combine(uint64_t a, uint64_t b) {
    uint64_t s = a ^ (b * 0xD6E8FEB86659FD93ull);
    splitmix64(s);
    return splitmix64(s) ^ b;
}

// FNV-1a over a string, for salting streams by name.
constexpr uint64_t hash_name(std::string_view s) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (char c : s) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001B3ull;
    }
    return h;
}

class Rng {
  public:
    explicit Rng(uint64_t seed) {
        uint64_t s = seed;
        for (auto& w : s_) w = splitmix64(s);
    }

    // Rng(seed).next(), from the one word of state it reads (the synthesizer's probe draws most
    // of its inputs with a generator's first output alone).
    static uint64_t first_output(uint64_t seed) {
        uint64_t s = seed + 0x9E3779B97F4A7C15ull; // past the first word
        return rotl(splitmix64(s) * 5, 7) * 9;
    }

    uint64_t next() {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform in [0, n); n > 0. Rejection sampling keeps it exactly uniform.
    uint64_t below(uint64_t n) { return below_of(*this, n); }
    // The first output below() rejects for n: outputs under it map onto [0, n) evenly.
    static constexpr uint64_t below_limit(uint64_t n) { return ~uint64_t{0} - (~uint64_t{0} % n); }
    // below() of any generator with next() (one definition for Rng and its lazy form).
    template <class G>
    static uint64_t below_of(G& g, uint64_t n) {
        const uint64_t limit = below_limit(n);
        uint64_t x;
        do x = g.next();
        while (x >= limit);
        return x % n;
    }

    // Uniform in [lo, hi], inclusive; lo <= hi.
    int range(int lo, int hi) {
        return lo + static_cast<int>(below(static_cast<uint64_t>(static_cast<int64_t>(hi) - lo + 1)));
    }
    int64_t range64(int64_t lo, int64_t hi) {
        return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo + 1)));
    }

    // True with probability permille/1000.
    bool chance(int permille) {
        if (permille <= 0) return false;
        if (permille >= 1000) return true;
        return static_cast<int>(below(1000)) < permille;
    }

    // Index drawn with probability proportional to weights[i] (>= 0). Returns
    // weights.size() when every weight is zero.
    size_t weighted(std::span<const int> weights) {
        int64_t total = 0;
        for (int w : weights) total += w > 0 ? w : 0;
        if (total == 0) return weights.size();
        int64_t r = static_cast<int64_t>(below(static_cast<uint64_t>(total)));
        for (size_t i = 0; i < weights.size(); ++i) {
            if (weights[i] <= 0) continue;
            if (r < weights[i]) return i;
            r -= weights[i];
        }
        return weights.size() - 1;
    }
    size_t weighted(std::initializer_list<int> weights) {
        return weighted(std::span<const int>(weights.begin(), weights.size()));
    }

    template <class T>
    const T& pick(std::span<const T> items) {
        return items[below(items.size())];
    }
    template <class T>
    const T& pick(const std::vector<T>& items) {
        return items[below(items.size())];
    }
    template <class T, size_t N>
    const T& pick(const T (&items)[N]) {
        return items[below(N)];
    }

    // A child generator for an independent sub-stream (e.g. one helper function).
    Rng fork(uint64_t salt) { return Rng(hash_combine(next(), salt)); }

  private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t s_[4];
};

} // namespace ws::synth
