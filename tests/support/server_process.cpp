#include "support/server_process.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <regex>
#include <stdexcept>
#include <thread>

#include "support/test_support.h"

namespace broadside::testing {

ServerProcess::ServerProcess(std::string data_dir, std::vector<std::string> extra)
    : data_(std::move(data_dir)), extra_(std::move(extra)) {
    log_ = temp_dir() + "/serve.log";
    launch();
}

ServerProcess::~ServerProcess() {
    if (pid_ <= 0) return;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
        // It died by itself: a crash the test should show.
        std::fprintf(stderr, "broadside serve ended by itself (status %d):\n%s\n", status,
                     output().c_str());
        pid_ = -1;
        return;
    }
    kill9();
}

void ServerProcess::launch() {
    const std::string log = log_ + "." + std::to_string(++launches_);
    std::vector<std::string> args{BROADSIDE_BINARY, "serve", "--port",
                                  port_ == 0 ? "0" : std::to_string(port_)};
    if (!data_.empty()) args.insert(args.end(), {"--data", data_});
    args.insert(args.end(), extra_.begin(), extra_.end());
    const ExecLine line(std::move(args));
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(fd, 1);
        dup2(fd, 2);
        const int null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        line.exec();
    }
    // The port is printed once the server listens (and has restored every room).
    const std::regex listening("listening on http://[^: ]+:([0-9]+)");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
        std::smatch m;
        const std::string text = read_file(log);
        if (std::regex_search(text, m, listening)) {
            port_ = static_cast<unsigned short>(std::stoi(m[1].str()));
            return;
        }
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            throw std::runtime_error("broadside serve exited at start: " + text);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    throw std::runtime_error("broadside serve did not start listening: " + read_file(log));
}

int ServerProcess::wait() {
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

int ServerProcess::terminate() {
    ::kill(pid_, SIGTERM);
    const int code = wait();
    // A failed stop is easier to diagnose with what the server said.
    if (code != 0) std::fprintf(stderr, "broadside serve output:\n%s\n", output().c_str());
    return code;
}

void ServerProcess::kill9() {
    ::kill(pid_, SIGKILL);
    (void)wait();
}

void ServerProcess::restart() {
    launch();
}

std::string ServerProcess::output() const {
    std::string all;
    for (int i = 1; i <= launches_; ++i) all += read_file(log_ + "." + std::to_string(i));
    return all;
}

HttpReply http_get(unsigned short port, const std::string& target) {
    return http_request(port, "GET", target, "");
}

HttpReply http_post(unsigned short port, const std::string& target, const std::string& body) {
    return http_request(port, "POST", target, body);
}

HttpReply http_request(unsigned short port, const std::string& method, const std::string& target,
                       const std::string& body,
                       const std::vector<std::pair<std::string, std::string>>& headers) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        close(fd);
        throw std::runtime_error("cannot connect for " + method + " " + target);
    }
    std::string request =
        method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    bool length_given = false;
    for (const auto& [name, value] : headers) {
        request += name + ": " + value + "\r\n";
        length_given = length_given || name == "Content-Length";
    }
    if (method != "GET" && !length_given) {
        request += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    }
    request += "\r\n" + body;
    // A server that refuses early (a body over its limit) may close before all is written.
    for (std::size_t sent = 0; sent < request.size();) {
        const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += static_cast<std::size_t>(n);
    }
    std::string response;
    char buffer[4096];
    for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) response.append(buffer, n);
    close(fd);
    HttpReply reply;
    const auto space = response.find(' ');
    if (space != std::string::npos) reply.status = std::stoi(response.substr(space + 1, 3));
    const auto split = response.find("\r\n\r\n");
    reply.headers = response.substr(0, split);
    if (split != std::string::npos) reply.body = response.substr(split + 4);
    return reply;
}

}  // namespace broadside::testing
