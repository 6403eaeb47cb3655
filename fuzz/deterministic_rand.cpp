#include "deterministic_rand.h"

// RAND_METHOD is deprecated in OpenSSL 3 in favour of providers, but it is still honoured by
// RAND_bytes and is far simpler for a test double than a provider.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/rand.h>

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace broadside::fuzz {

namespace {

std::atomic<std::uint64_t> state{0};

// SplitMix64: tiny, and every output differs from the one before.
std::uint64_t next() {
    std::uint64_t z = state.fetch_add(0x9E3779B97F4A7C15ULL) + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int fill(unsigned char* buffer, int size) {
    for (int i = 0; i < size; i += 8) {
        const std::uint64_t word = next();
        std::memcpy(buffer + i, &word, static_cast<std::size_t>(size - i < 8 ? size - i : 8));
    }
    return 1;
}

int ignore_seed(const void*, int) {
    return 1;
}
int ignore_add(const void*, int, double) {
    return 1;
}
int ready() {
    return 1;
}

const RAND_METHOD kMethod{ignore_seed, fill, nullptr, ignore_add, fill, ready};

}  // namespace

void reset_deterministic_rand(std::uint64_t seed) {
    static const bool installed = [] {
        if (RAND_set_rand_method(&kMethod) != 1) std::abort();
        return true;
    }();
    (void)installed;
    state.store(seed);
}

}  // namespace broadside::fuzz
