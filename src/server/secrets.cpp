#include "server/secrets.h"

namespace broadside::server {

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
        match::random_bytes(&byte, 1);
        if (byte < limit) code += kCodeAlphabet[byte % n];
    }
    return code;
}

}  // namespace broadside::server
