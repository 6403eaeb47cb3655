#include "cli/royale/common.h"

#include "cli/common.h"

namespace broadside::cli {

void add_royale_flags(CLI::App& cmd, RoyaleFlags& flags) {
    cmd.add_option("--mode", flags.mode, "standard or advanced")
        ->check(CLI::IsMember({"standard", "advanced"}))
        ->capture_default_str();
    cmd.add_option("--players", flags.players, "Players, 2 to 6")
        ->check(CLI::Range(2, 6))
        ->capture_default_str();
    cmd.add_option("--first", flags.first,
                   "The starting seat (the rules: the youngest player), or random")
        ->capture_default_str();
    cmd.add_option("--deck", flags.deck_file,
                   "A deck file in the form of data/decks/royale-standard.json (e.g. a "
                   "transcription of a physical copy)");
}

nlohmann::json royale_options_json(const RoyaleFlags& flags) {
    nlohmann::json j{{"mode", flags.mode}, {"players", flags.players}};
    if (flags.first == "random") {
        j["first"] = "random";
    } else {
        try {
            j["first"] = std::stoi(flags.first);
        } catch (const std::exception&) {
            throw UsageError("--first takes a seat number or \"random\".");
        }
    }
    if (!flags.deck_file.empty()) {
        const std::string text = read_input_file(flags.deck_file, "cannot read the deck file ");
        auto deck = nlohmann::json::parse(text, nullptr, false);
        if (deck.is_discarded()) throw UsageError(flags.deck_file + " is not valid JSON.");
        j["deck"] = deck;
    }
    return j;
}

std::shared_ptr<const royale::Options> royale_options(const RoyaleFlags& flags) {
    auto o = royale::parse_options(royale_options_json(flags));
    if (!o) throw UsageError(o.error().message);
    return std::make_shared<const royale::Options>(std::move(*o));
}

}  // namespace broadside::cli
