#pragma once
// A room code as the protocol writes it (docs/server.md, "Rooms"): `kCodeLength` letters from an
// alphabet without look-alikes (no I, L, O, U, 0, 1), read in any case. The server makes them;
// clients check what a person typed before connecting.
#include <cstddef>
#include <string>
#include <string_view>

namespace broadside::protocol {

inline constexpr std::size_t kCodeLength = 5;
inline constexpr std::string_view kCodeAlphabet = "ABCDEFGHJKMNPQRSTVWXYZ";

// True for a well-formed code (case-insensitive); `normalise_code` upper-cases it.
bool is_room_code(std::string_view text);
std::string normalise_code(std::string_view text);

}  // namespace broadside::protocol
