#include "match/fairness.h"

#include <array>
#include <cctype>
#include <stdexcept>

#include <openssl/rand.h>
#include <openssl/sha.h>

namespace broadside::match {

void random_bytes(unsigned char* out, std::size_t size) {
    if (RAND_bytes(out, static_cast<int>(size)) != 1) {
        throw std::runtime_error("the system's random generator failed (RAND_bytes)");
    }
}

std::string random_hex(std::size_t bytes) {
    std::vector<unsigned char> buffer(bytes);
    random_bytes(buffer.data(), buffer.size());
    return to_hex(buffer.data(), buffer.size());
}

std::string to_hex(const unsigned char* data, std::size_t size) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(size * 2);
    for (std::size_t i = 0; i < size; ++i) {
        out += kDigits[data[i] >> 4];
        out += kDigits[data[i] & 15];
    }
    return out;
}

std::string sha256_hex(std::string_view data) {
    std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
    SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest.data());
    return to_hex(digest.data(), digest.size());
}

bool is_nonce(std::string_view text) {
    if (text.size() > 64) return false;
    for (char c : text) {
        if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    }
    return true;
}

std::uint64_t derive_seed(const std::string& server_seed_hex,
                          const std::vector<std::string>& nonces) {
    std::string input = server_seed_hex;
    for (const auto& nonce : nonces) input += ":" + nonce;
    std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
    SHA256(reinterpret_cast<const unsigned char*>(input.data()), input.size(), digest.data());
    std::uint64_t seed = 0;
    for (int i = 0; i < 8; ++i) seed = (seed << 8) | digest[static_cast<std::size_t>(i)];
    return seed;
}

}  // namespace broadside::match
