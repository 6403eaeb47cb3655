#pragma once
// The server's secrets: seat tokens (128 bits from the operating system's CSPRNG, kept only as
// SHA-256 hashes) and room codes (letters nobody confuses). The fair seed is match/fairness.h's.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "match/fairness.h"
#include "protocol/room_code.h"

namespace broadside::server {

// The fair seed's parts and the CSPRNG, used here for tokens and nonces too.
using match::derive_seed;
using match::is_nonce;
using match::random_hex;
using match::sha256_hex;

// A fresh seat token: 128 random bits, hex. Only sha256_hex(token) is ever stored or logged.
std::string new_token();

// A fresh room code (its syntax is the protocol's: protocol/room_code.h).
std::string new_room_code();
using protocol::is_room_code;
using protocol::kCodeAlphabet;
using protocol::kCodeLength;
using protocol::normalise_code;

}  // namespace broadside::server
