// iri::result<T>: a value or an iri::error, in the manner of std::expected (C++23), which C++20 lacks.
#pragma once

#include <type_traits>
#include <utility>
#include <variant>

#include "iri/error.hpp"
#include "iri/export.h"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

template <class T>
class [[nodiscard]] result {
public:
    using value_type = T;
    using error_type = iri::error;

    constexpr result(T value) noexcept(std::is_nothrow_move_constructible_v<T>) : v_(std::move(value)) {}
    constexpr result(iri::error e) noexcept : v_(e) {}

    [[nodiscard]] constexpr bool has_value() const noexcept { return v_.index() == 0; }
    constexpr explicit operator bool() const noexcept { return has_value(); }

    /// The value. Precondition: has_value().
    [[nodiscard]] constexpr T& value() & noexcept { return *std::get_if<0>(&v_); }
    [[nodiscard]] constexpr const T& value() const& noexcept { return *std::get_if<0>(&v_); }
    [[nodiscard]] constexpr T&& value() && noexcept { return std::move(*std::get_if<0>(&v_)); }
    [[nodiscard]] constexpr T& operator*() & noexcept { return value(); }
    [[nodiscard]] constexpr const T& operator*() const& noexcept { return value(); }
    [[nodiscard]] constexpr T* operator->() noexcept { return std::get_if<0>(&v_); }
    [[nodiscard]] constexpr const T* operator->() const noexcept { return std::get_if<0>(&v_); }

    /// The error. Precondition: !has_value().
    [[nodiscard]] constexpr const iri::error& error() const noexcept { return *std::get_if<1>(&v_); }

private:
    std::variant<T, iri::error> v_;
};

}  // namespace iri
IRI_API_END
