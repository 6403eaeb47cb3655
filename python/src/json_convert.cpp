#include "json_convert.h"

#include <string>

namespace py = pybind11;

namespace broadside::python {

py::object to_python(const nlohmann::json& j) {
    switch (j.type()) {
        case nlohmann::json::value_t::null: return py::none();
        case nlohmann::json::value_t::boolean: return py::bool_(j.get<bool>());
        case nlohmann::json::value_t::number_integer: return py::int_(j.get<std::int64_t>());
        case nlohmann::json::value_t::number_unsigned: return py::int_(j.get<std::uint64_t>());
        case nlohmann::json::value_t::number_float: return py::float_(j.get<double>());
        case nlohmann::json::value_t::string: return py::str(j.get_ref<const std::string&>());
        case nlohmann::json::value_t::array: {
            py::list list(j.size());
            for (std::size_t i = 0; i < j.size(); ++i) list[i] = to_python(j[i]);
            return list;
        }
        case nlohmann::json::value_t::object: {
            py::dict dict;
            for (const auto& [key, value] : j.items()) dict[py::str(key)] = to_python(value);
            return dict;
        }
        default: return py::none();  // binary and discarded values never come out of the engine
    }
}

nlohmann::json to_json(py::handle object) {
    if (object.is_none()) return nullptr;
    // bool before int: in Python a bool is an int.
    if (py::isinstance<py::bool_>(object)) return object.cast<bool>();
    if (py::isinstance<py::int_>(object)) {
        // Seeds go up to 2^64 - 1, beyond int64.
        if (py::int_(py::reinterpret_borrow<py::object>(object)) < py::int_(0)) {
            return object.cast<std::int64_t>();
        }
        return object.cast<std::uint64_t>();
    }
    if (py::isinstance<py::float_>(object)) return object.cast<double>();
    if (py::isinstance<py::str>(object)) return object.cast<std::string>();
    if (py::isinstance<py::dict>(object)) {
        nlohmann::json j = nlohmann::json::object();
        for (auto item : object.cast<py::dict>()) {
            if (!py::isinstance<py::str>(item.first)) {
                throw py::type_error("JSON object keys must be str, not " +
                                     std::string(py::repr(item.first)));
            }
            j[item.first.cast<std::string>()] = to_json(item.second);
        }
        return j;
    }
    if (py::isinstance<py::list>(object) || py::isinstance<py::tuple>(object)) {
        nlohmann::json j = nlohmann::json::array();
        for (auto item : object) j.push_back(to_json(item));
        return j;
    }
    // NumPy integers and the like: anything that converts to int exactly.
    if (py::hasattr(object, "__index__")) {
        PyObject* index = PyNumber_Index(object.ptr());
        if (index == nullptr) throw py::error_already_set();
        return to_json(py::reinterpret_steal<py::object>(index));
    }
    throw py::type_error("Cannot send " + std::string(py::repr(object)) + " to the engine.");
}

}  // namespace broadside::python
