#include "protocol/room_code.h"

#include <cctype>

namespace broadside::protocol {

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

}  // namespace broadside::protocol
