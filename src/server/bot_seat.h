#pragma once
// A built-in bot in a room's seat, thinking off the network threads. It keeps its own replica of
// the match (same options, seed and actions: the rules are pure, so the replica is identical) and
// reads only its seat's observation through the agent, exactly as in `play` and `referee`.
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "match/match.h"
#include "protocol/agent.h"

namespace broadside::server {

// The name a bot seat shows in the room summary and `names` (docs/server.md, "Rooms"): the bot's
// name and the seat's number as pages show it, so that no two seats share a name ("royale-eager
// bot 3"). Seats count from 1, except in the party game, whose players are numbered by their
// seat (Player 1 is seat 1) and whose seat 0 is the host ("host bot").
std::string bot_seat_name(const std::string& game, const std::string& bot, int seat);

class BotSeat : public std::enable_shared_from_this<BotSeat> {
public:
    // `pool` runs the thinking; each bot's work is serialised on its own strand.
    static Result<std::shared_ptr<BotSeat>> create(
        boost::asio::any_io_executor pool, const std::string& game, const nlohmann::json& options,
        std::uint64_t seed, int seat, const std::string& bot, const std::string& match_id);
    const std::string& bot() const { return bot_; }
    // An action applied to the room's match (in order, seat and action as logged).
    void applied(int seat, const nlohmann::json& action);
    // Asks for this seat's next action; `answer` runs on the bot's strand with the action, or
    // with null when the agent failed (the room then plays the fallback bot's move).
    void think(std::function<void(nlohmann::json)> answer);

private:
    BotSeat(boost::asio::any_io_executor pool, Match replica, int seat, std::string bot,
            std::unique_ptr<protocol::Agent> agent);

    boost::asio::strand<boost::asio::any_io_executor> strand_;
    Match replica_;
    int seat_;
    std::string bot_;
    std::unique_ptr<protocol::Agent> agent_;
};

}  // namespace broadside::server
