#pragma once
// Errors are answers, not exceptions: every rejected input carries a stable machine-readable code
// (documented in docs/protocol.md) and a sentence a person can act on.
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace broadside {

struct Error {
    std::string code;     // stable, snake_case, e.g. "cell_already_fired"
    std::string message;  // one sentence for a person, says what to do
    bool operator==(const Error&) const = default;
};

// The outcome of an operation that returns nothing on success.
class [[nodiscard]] Status {
public:
    // User-provided on purpose: a defaulted constructor makes `Status{}` (ok_status) zero the
    // whole optional<Error> before constructing it, on every successful shot.
    Status() noexcept {}                               // NOLINT(modernize-use-equals-default)
    Status(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design
    static Status ok_status() { return {}; }
    bool ok() const { return !error_.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return *error_; }

private:
    std::optional<Error> error_;
};

// A value or an error.
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
    Result(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design
    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    const Error& error() const { return std::get<1>(v_); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, Error> v_;
};

inline Error make_error(std::string code, std::string message) {
    return Error{std::move(code), std::move(message)};
}

}  // namespace broadside
