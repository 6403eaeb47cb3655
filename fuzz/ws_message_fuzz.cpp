// libFuzzer harness for what `broadside serve` does with WebSocket messages, without the network:
// each frame goes through decode_frame (server/frame.h, the checks every connection applies) and,
// when accepted, to a real Hub and real Rooms, on a real SQLite database, through the real group
// writer. Only the sockets are fake: a FakePeer checks that every message the server sends is
// one JSON object with a text "type".
//
// Input: frames separated by '\n'. A frame may start with "~N" (N = 0 to 3) to go over
// connection N instead of 0, then "b" to arrive as a binary frame, or "x" to close connection N
// instead (the client goes away; the rest of the line is ignored). Connection 0 talks to the
// lobby; connections 1 to 3 connect, at their first frame, to the room most recently created
// (by create, quick or rematch), or to the lobby while there is none. A "token" of "$" in any
// request is replaced by the last token the server handed out, "$0" to "$9" by the first ones,
// so a hello can take back the creator's seat as a real client does.
//
// Deterministic: OpenSSL's generator is replaced by a seeded one (room codes, tokens, server
// seeds and so the match seeds repeat), bots think on the same single thread, the database is
// emptied before each input, and after each frame everything that follows from it (commits,
// bots' moves, broadcasts) runs to the end before the next frame. Room clocks count seconds of
// wall time, which no input lasts.
//
// After the last frame every connection closes and the rooms are rebuilt from the database by a
// second Hub, as a restarted server would: each must come back with the same game, phase and
// seats.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "deterministic_rand.h"
#include "protocol/hello.h"
#include "protocol/raw_id.h"
#include "server/frame.h"
#include "server/group_writer.h"
#include "server/hub.h"
#include "server/metrics.h"
#include "server/peer.h"
#include "server/sqlite_storage.h"

namespace {

namespace net = boost::asio;
namespace srv = broadside::server;
using nlohmann::json;

constexpr std::size_t kMaxFrameBytes = 16 * 1024;  // `serve`'s default --max-frame-bytes
constexpr std::size_t kMaxFrames = 64;
constexpr int kConnections = 4;
constexpr int kStrikes = 50;  // bad messages before the server cuts a connection off

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "ws_message_fuzz: %s\n", what.c_str());
    std::abort();
}

// The server logs an error only for what must not happen (a bot that fails, a commit that
// fails, a room that does not restore): here each is a finding.
class AbortOnError final : public spdlog::sinks::base_sink<std::mutex> {
protected:
    void sink_it_(const spdlog::details::log_msg& msg) override {
        if (msg.level < spdlog::level::err) return;
        fail("the server logged an error: " + std::string(msg.payload.data(), msg.payload.size()));
    }
    void flush_() override {}
};

// What lives as long as the process: the database in a temporary directory, its writer, the
// counters.
struct World {
    std::filesystem::path directory;
    std::unique_ptr<srv::SqliteStorage> storage;
    std::unique_ptr<SQLite::Database> cleaner;
    srv::Metrics metrics;
    std::unique_ptr<srv::GroupWriter> writer;

    World() {
        spdlog::set_default_logger(
            std::make_shared<spdlog::logger>("fuzz", std::make_shared<AbortOnError>()));
        // One directory per process, named by its pid. A process that crashed left its own
        // behind (its destructors did not run): those whose process is gone are removed first.
        const auto temp = std::filesystem::temp_directory_path();
        const std::string prefix = "broadside-fuzz-";
        std::error_code ignored;
        for (const auto& entry : std::filesystem::directory_iterator(temp, ignored)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind(prefix, 0) != 0) continue;
            const std::string pid = name.substr(prefix.size());
            if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
            if (!std::filesystem::exists("/proc/" + pid, ignored) ||
                pid == std::to_string(getpid())) {
                std::filesystem::remove_all(entry.path(), ignored);
            }
        }
        directory = temp / (prefix + std::to_string(getpid()));
        if (!std::filesystem::create_directory(directory, ignored)) {
            fail("cannot create " + directory.string());
        }
        storage =
            std::make_unique<srv::SqliteStorage>(directory.string(), srv::Durability::kNormal);
        cleaner = std::make_unique<SQLite::Database>((directory / "broadside.db").string(),
                                                     SQLite::OPEN_READWRITE);
        writer = std::make_unique<srv::GroupWriter>(
            *storage, [this](double seconds, std::size_t) { metrics.commit.observe(seconds); });
    }
    ~World() {
        writer.reset();
        cleaner.reset();
        storage.reset();
        std::error_code ignored;
        std::filesystem::remove_all(directory, ignored);
    }
    // Every input starts from an empty database (and so can reuse the same room codes).
    void wipe() const {
        cleaner->exec("DELETE FROM records; DELETE FROM room_log; DELETE FROM rooms");
    }
};

World& world() {
    static World instance;
    return instance;
}

// BROADSIDE_FUZZ_VERBOSE=1 prints every frame and every message sent back, to see what an
// input does: `BROADSIDE_FUZZ_VERBOSE=1 build/h2/fuzz/ws_message_replay FILE`.
bool verbose() {
    static const bool on = std::getenv("BROADSIDE_FUZZ_VERBOSE") != nullptr;
    return on;
}

void check_message(const std::string& text) {
    const json message = json::parse(text, nullptr, false);
    if (message.is_discarded() || !message.is_object()) {
        fail("the server sent something that is not one JSON object: " + text);
    }
    if (!message.contains("type") || !message["type"].is_string()) {
        fail("the server sent a message without a text \"type\": " + text);
    }
}

class Session;

class FakePeer final : public srv::Peer, public std::enable_shared_from_this<FakePeer> {
public:
    FakePeer(Session& session, int index) : session_(session), index_(index) {}
    void send(std::string text) override;
    void close(const std::string& reason) override;
    const std::string& address() const override { return address_; }
    bool closing() const { return closing_; }

private:
    Session& session_;
    int index_;
    bool closing_ = false;
    std::string address_ = "192.0.2.1";
};

// One input: its connections, its Hub and Rooms, and the io_context they run on.
class Session {
public:
    Session() {
        services_.io = ioc_.get_executor();
        services_.bots = ioc_.get_executor();
        services_.writer = world().writer.get();
        services_.metrics = &world().metrics;
        services_.public_url = "http://127.0.0.1:8080";
        services_.fatal = [](const std::string& why) { fail("fatal: " + why); };
        restored_services_ = services_;
        limits_.max_rooms = 4;
        hub_ = std::make_unique<srv::Hub>(services_, *world().storage, limits_);
        for (int i = 0; i < kConnections; ++i) {
            Connection c;
            c.peer = std::make_shared<FakePeer>(*this, i);
            connections_.push_back(std::move(c));
        }
    }

    void frame(std::string_view text) {
        int index = 0;
        bool binary = false;
        bool drop = false;
        if (text.size() >= 2 && text[0] == '~' && text[1] >= '0' && text[1] < '0' + kConnections) {
            index = text[1] - '0';
            text.remove_prefix(2);
            if (!text.empty() && (text[0] == 'b' || text[0] == 'x')) {
                (text[0] == 'b' ? binary : drop) = true;
                text.remove_prefix(1);
            }
        }
        Connection& c = connections_[static_cast<std::size_t>(index)];
        if (verbose()) {
            std::fprintf(stderr, "~%d%s> %.*s%s\n", index,
                         binary ? "b"
                         : drop ? "x"
                                : "",
                         static_cast<int>(std::min<std::size_t>(text.size(), 2000)), text.data(),
                         c.finished ? " (closed: not sent)" : "");
        }
        if (c.finished) return;
        if (drop) {  // the client goes away (a closed tab, a lost network)
            finish(c);
            settle();
            return;
        }
        if (!c.bound) {
            c.bound = true;
            if (index != 0 && !rooms_.empty()) c.room = hub_->find(rooms_.back());
        }
        if (text.size() > kMaxFrameBytes) {  // Beast refuses it (message_too_big) and closes
            finish(c);
            settle();
            return;
        }
        srv::DecodedFrame decoded = srv::decode_frame(text, binary);
        if (!decoded.error && !c.greeted) {  // as server/connection.cpp does
            if (auto refusal = broadside::protocol::hello_refusal(decoded.request)) {
                decoded.error = srv::FrameError{refusal->code, refusal->message, std::nullopt,
                                                refusal->close, "unsupported protocol"};
            }
        }
        if (decoded.error) {
            c.peer->send(srv::frame_error_text(*decoded.error));
            if (++c.strikes >= kStrikes || decoded.error->close) finish(c);
            settle();
            return;
        }
        c.greeted = true;
        substitute_token(decoded.request);
        if (c.room) {
            c.room->message(c.peer, std::move(decoded.request), std::move(decoded.raw_id),
                            std::chrono::steady_clock::now());
        } else {
            hub_->lobby(c.peer, decoded.request,
                        [peer = c.peer, raw = decoded.raw_id](json response) {
                            std::optional<std::string_view> id;
                            if (!raw.empty()) id = raw;
                            peer->send(broadside::protocol::dump_with_id(response, id));
                        });
        }
        settle();
    }

    // Every connection closes, the rooms are rebuilt from storage and compared, then all goes.
    void end() {
        for (auto& c : connections_) finish(c);
        settle();
        check_restore();
        restored_hub_->forget_rooms();
        hub_->forget_rooms();
        settle();
    }

    // On the io_context's thread, after connection `index` was sent `text`.
    void received(int index, const std::string& text) {
        if (verbose()) std::fprintf(stderr, "~%d< %s\n", index, text.c_str());
        const json message = json::parse(text);
        const std::string& type = message["type"].get_ref<const std::string&>();
        if ((type == "room_created" || type == "matched" || type == "rematch") &&
            message.contains("room") && message["room"].is_string()) {
            const auto code = message["room"].get<std::string>();
            if (std::find(rooms_.begin(), rooms_.end(), code) == rooms_.end()) {
                rooms_.push_back(code);
            }
        }
        if ((type == "room_created" || type == "matched" || type == "joined") &&
            message.contains("token") && message["token"].is_string()) {
            tokens_.push_back(message["token"].get<std::string>());
        }
    }

    net::io_context& context() { return ioc_; }

private:
    struct Connection {
        std::shared_ptr<FakePeer> peer;
        std::shared_ptr<srv::Room> room;  // null: the lobby
        bool bound = false;
        bool greeted = false;
        bool finished = false;
        int strikes = 0;
    };

    // Runs everything that follows from what happened: handlers, commits and what they release,
    // bots' moves; then closes the connections the server asked to close, until nothing is left.
    // A room clock that fires during a commit tries again 5 ms later, so while timers are
    // pending (only rooms with clocks have any) it waits a little for those.
    void settle() {
        for (;;) {
            std::size_t ran = 0;
            for (;;) {
                ioc_.restart();
                std::size_t now = ioc_.poll();
                world().writer->flush();
                ioc_.restart();
                now += ioc_.poll();
                if (now == 0) break;
                ran += now;
            }
            for (auto& c : connections_) {
                if (!c.finished && c.peer->closing()) {
                    finish(c);
                    ++ran;
                }
            }
            if (ran == 0 && !ioc_.stopped()) {
                ran = ioc_.run_for(std::chrono::milliseconds(6));
            }
            if (ran == 0) return;
        }
    }

    // The connection is gone, as Session::finish in server_net.cpp tells the room or the lobby.
    void finish(Connection& c) {
        if (c.finished) return;
        c.finished = true;
        if (c.room) {
            c.room->detach(c.peer);
        } else {
            hub_->forget(c.peer.get());
        }
    }

    void substitute_token(json& request) const {
        auto it = request.find("token");
        if (it == request.end() || !it->is_string() || tokens_.empty()) return;
        const auto& text = it->get_ref<const std::string&>();
        if (text == "$") {
            *it = tokens_.back();
        } else if (text.size() == 2 && text[0] == '$' && text[1] >= '0' && text[1] <= '9') {
            const auto n = static_cast<std::size_t>(text[1] - '0');
            if (n < tokens_.size()) *it = tokens_[n];
        }
    }

    void check_restore() {
        world().writer->flush();
        restored_hub_ = std::make_unique<srv::Hub>(restored_services_, *world().storage, limits_);
        const std::size_t restored = restored_hub_->restore();
        std::size_t live = 0;
        for (const auto& [game, count] : hub_->rooms_by_game())
            live += static_cast<std::size_t>(count);
        if (restored != live) {
            fail(std::to_string(live) + " rooms, but " + std::to_string(restored) +
                 " restored from storage");
        }
        // A room's listing is brought up to date when someone arrives, not after every move (a
        // move that ends the game leaves it "playing" until then): a spectator looks in first.
        std::vector<std::pair<std::shared_ptr<srv::Room>, std::shared_ptr<FakePeer>>> visitors;
        for (const auto& code : rooms_) {
            for (const auto* hub : {hub_.get(), restored_hub_.get()}) {
                if (auto room = hub->find(code)) {
                    auto peer = std::make_shared<FakePeer>(*this, kConnections);
                    room->message(peer, {{"cmd", "hello"}, {"protocol", srv::kServerProtocol}}, "",
                                  std::chrono::steady_clock::now());
                    visitors.emplace_back(room, peer);
                }
            }
        }
        settle();
        for (const auto& code : rooms_) {
            const auto before = hub_->find(code);
            if (!before) continue;
            const auto after = restored_hub_->find(code);
            if (!after) fail("room " + code + " was not restored");
            const auto a = before->listing();
            const auto b = after->listing();
            if (a.game != b.game || a.phase != b.phase || a.seats != b.seats ||
                a.open_seats != b.open_seats || a.is_public != b.is_public) {
                fail("room " + code + " restored as " + b.game + " " + b.phase + " with " +
                     std::to_string(b.open_seats) + "/" + std::to_string(b.seats) +
                     " open seats; it was " + a.game + " " + a.phase + " with " +
                     std::to_string(a.open_seats) + "/" + std::to_string(a.seats));
            }
        }
        for (auto& [room, peer] : visitors) room->detach(peer);
        settle();
    }

    // Declared first: it goes last, after every room (and strand, and timer) it runs.
    net::io_context ioc_;
    srv::RoomServices services_;
    srv::RoomServices restored_services_;
    srv::HubLimits limits_;
    std::unique_ptr<srv::Hub> hub_;
    std::unique_ptr<srv::Hub> restored_hub_;
    std::vector<Connection> connections_;
    std::vector<std::string> rooms_;   // codes, in the order the server told them
    std::vector<std::string> tokens_;  // in the order the server handed them out
};

void FakePeer::send(std::string text) {
    check_message(text);  // here, on whichever thread sends (the writer's too)
    // The real session queues on its own executor; recording waits for the io_context's thread.
    net::post(session_.context(), [self = shared_from_this(), text = std::move(text)] {
        self->session_.received(self->index_, text);
    });
}

void FakePeer::close(const std::string&) {
    net::post(session_.context(), [self = shared_from_this()] { self->closing_ = true; });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    World& w = world();
    w.wipe();
    broadside::fuzz::reset_deterministic_rand(0x62726F6164736964ULL);  // "broadsid"
    std::string_view input(reinterpret_cast<const char*>(data), size);
    Session session;
    for (std::size_t frames = 0; !input.empty() && frames < kMaxFrames; ++frames) {
        const std::size_t end = input.find('\n');
        const std::string_view text = input.substr(0, end);
        input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
        session.frame(text);
    }
    session.end();
    return 0;
}
