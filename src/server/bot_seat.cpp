#include "server/bot_seat.h"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "match/registry.h"
#include "seats/builtin_agent.h"

namespace broadside::server {

std::string bot_seat_name(const std::string& game, const std::string& bot, int seat) {
    // A hosted game (GameTraits::hosted) numbers its players from 1 after the host in seat 0.
    const auto found = find_game(game);
    if (found && (*found)->traits.hosted) {
        return seat == 0 ? "host bot" : bot + " bot " + std::to_string(seat);
    }
    return bot + " bot " + std::to_string(seat + 1);
}

BotSeat::BotSeat(boost::asio::any_io_executor pool, Match replica, int seat, std::string bot,
                 std::unique_ptr<protocol::Agent> agent)
    : strand_(boost::asio::make_strand(pool)),
      replica_(std::move(replica)),
      seat_(seat),
      bot_(std::move(bot)),
      agent_(std::move(agent)) {}

Result<std::shared_ptr<BotSeat>> BotSeat::create(boost::asio::any_io_executor pool,
                                                 const std::string& game,
                                                 const nlohmann::json& options, std::uint64_t seed,
                                                 int seat, const std::string& bot,
                                                 const std::string& match_id) {
    auto agent = seats::make_builtin_agent(game, bot);
    if (!agent) return agent.error();
    auto replica = Match::create(game, options, seed);
    if (!replica) return replica.error();
    std::shared_ptr<BotSeat> seat_bot(new BotSeat(std::move(pool), std::move(replica.value()), seat,
                                                  bot, std::move(agent.value())));
    seat_bot->agent_->start(seat_bot->replica_, seat, match_id);
    return seat_bot;
}

void BotSeat::applied(int seat, const nlohmann::json& action) {
    boost::asio::post(strand_, [self = shared_from_this(), seat, action] {
        auto r = self->replica_.act(seat, action);
        if (!r) spdlog::error("bot replica rejected a logged action: {}", r.error().message);
    });
}

void BotSeat::think(std::function<void(nlohmann::json)> answer) {
    boost::asio::post(strand_, [self = shared_from_this(), answer = std::move(answer)] {
        if (self->replica_.is_over()) return;
        auto reply = self->agent_->act(self->replica_, self->seat_,
                                       self->replica_.last_event_number(), 10'000);
        answer(reply.fault ? nlohmann::json(nullptr) : reply.action);
    });
}

}  // namespace broadside::server
