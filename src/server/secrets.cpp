#include "server/secrets.h"

#include <cctype>
#include <stdexcept>

#include <openssl/rand.h>

namespace broadside::server {

namespace {

void random_bytes(unsigned char* out, std::size_t size) {
    if (RAND_bytes(out, static_cast<int>(size)) != 1) {
        throw std::runtime_error("the system's random generator failed (RAND_bytes)");
    }
}

}  // namespace

std::string random_hex(std::size_t bytes) {
    std::vector<unsigned char> buffer(bytes);
    random_bytes(buffer.data(), buffer.size());
    return match::to_hex(buffer.data(), buffer.size());
}

std::string new_token() {
    return random_hex(16);
}

std::string new_room_code() {
    // Rejection sampling keeps every letter equally likely (256 is not a multiple of 22).
    const auto n = static_cast<unsigned>(kCodeAlphabet.size());
    const unsigned limit = 256 - 256 % n;
    std::string code;
    while (code.size() < kCodeLength) {
        unsigned char byte = 0;
        random_bytes(&byte, 1);
        if (byte < limit) code += kCodeAlphabet[byte % n];
    }
    return code;
}

std::string normalise_code(std::string_view text) {
    std::string out;
    for (char c : text) out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

bool is_room_code(std::string_view text) {
    if (text.size() != kCodeLength) return false;
    for (char c : normalise_code(text)) {
        if (kCodeAlphabet.find(c) == std::string_view::npos) return false;
    }
    return true;
}

}  // namespace broadside::server
