#include "cli/join_link.h"

#include <random>
#include <stdexcept>
#include <thread>

namespace broadside::cli {

using nlohmann::json;

namespace {

// Asking these again after a reconnect changes nothing on the server.
bool idempotent(const std::string& cmd) {
    return cmd == "observe" || cmd == "room" || cmd == "record" || cmd == "legal" ||
           cmd == "events" || cmd == "ping";
}

}  // namespace

JoinLink::JoinLink(std::string host, unsigned short port, std::string target, std::string token,
                   std::function<void(const std::string&)> say)
    : host_(std::move(host)),
      port_(port),
      target_(std::move(target)),
      say_(std::move(say)),
      rng_(std::random_device{}()),
      session_(std::move(token), rng_) {}

json JoinLink::connect() {
    ws_ = std::make_unique<client::WsClient>(host_, port_, target_);
    const json welcome = ws_->request(session_.opened());
    auto update = session_.receive(welcome);
    if (!update.fatal.empty()) return welcome;
    for (const auto& m : update.send) send(m);
    return welcome;
}

void JoinLink::send(const json& message) {
    if (!ws_ || ws_->closed()) return;  // the session sends it again after the reconnect
    try {
        ws_->send_json(message);
    } catch (const std::runtime_error&) {
        // Seen as a drop by the next poll or request.
    }
}

void JoinLink::act(const json& action, const json& action_id) {
    if (auto message = session_.act(action, action_id)) send(*message);
}

// One line on the terminal for the whole outage: "Connection lost: reconnecting... back."
bool JoinLink::reconnect() {
    if (ws_) close_reason_ = ws_->close_reason();
    say_("Connection lost" + (close_reason_.empty() ? "" : " (" + close_reason_ + ")") +
         ": reconnecting...");
    auto now = client::SessionClock::now();
    for (;;) {
        const auto due = session_.lost(now);
        if (!due) {
            say_(" gave up: " + session_.fatal_reason() + ".\n");
            return false;
        }
        std::this_thread::sleep_until(*due);
        now = client::SessionClock::now();
        try {
            ws_ = std::make_unique<client::WsClient>(host_, port_, target_);
        } catch (const std::runtime_error& e) {
            // A 404 is the room gone from this server (not a server still starting): for good.
            if (std::string(e.what()).find("(HTTP 404)") != std::string::npos) {
                session_.refused(e.what());
                say_(" gave up: " + std::string(e.what()) + ".\n");
                return false;
            }
            continue;
        }
        try {
            auto update =
                session_.receive(ws_->request(session_.opened(), std::chrono::seconds(10)));
            if (!update.fatal.empty()) {
                say_(" gave up: " + update.fatal + "\n");
                return false;
            }
            for (const auto& m : update.send) send(m);
            update.send.clear();
            ready_.push_back(std::move(update));  // the welcome, for the caller
            say_(" back.\n");
            return true;
        } catch (const std::runtime_error&) {
            now = client::SessionClock::now();  // dropped during the hello: another attempt
        }
    }
}

json JoinLink::request(json body) {
    for (;;) {
        if ((!ws_ || ws_->closed()) && !reconnect()) {
            throw std::runtime_error(session_.fatal_reason());
        }
        try {
            return ws_->request(body);
        } catch (const std::runtime_error&) {
            if (!ws_->closed()) throw;  // no answer in time on a live connection
        }
        if (!idempotent(body.value("cmd", ""))) {
            if (!reconnect()) throw std::runtime_error(session_.fatal_reason());
            return {{"type", "error"},
                    {"error",
                     {{"code", "offline"},
                      {"message",
                       "The connection dropped before the answer came: look, and "
                       "try again if it was not done."}}}};
        }
    }
}

JoinLink::Step JoinLink::poll(std::chrono::milliseconds wait) {
    Step step;
    if (!ready_.empty()) {
        step.update = std::move(ready_.front());
        ready_.pop_front();
        return step;
    }
    if ((!ws_ || ws_->closed()) && !reconnect()) {
        step.update.fatal = session_.fatal_reason();
        return step;
    }
    if (auto text = ws_->receive(wait)) {
        step.message = json::parse(*text, nullptr, false);
        step.update = session_.receive(step.message);
        for (const auto& m : step.update.send) send(m);
        step.update.send.clear();
    }
    return step;
}

}  // namespace broadside::cli
