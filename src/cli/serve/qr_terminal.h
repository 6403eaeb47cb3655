#pragma once
// A QR code drawn in a terminal with Unicode half blocks (two modules per character row), dark
// on light with the quiet zone the standard asks for, so phones scan it off the screen.
#include <string>

namespace broadside::cli {

// Empty if libqrencode cannot encode the text.
std::string qr_for_terminal(const std::string& text);

}  // namespace broadside::cli
