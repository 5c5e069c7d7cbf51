#include "report/json_summary_reader.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "report/json_summary.h"
#include "util/error.h"

namespace irtrace {
namespace {

using nlohmann::json;

// A string field, "" when null (report, title, error are null when missing).
std::string StringOrEmpty(const json& j, const char* key) {
  const json& v = j.at(key);
  return v.is_null() ? "" : v.get<std::string>();
}

DumpResult ReadDump(const json& j) {
  DumpResult d;
  d.path = j.at("path").get<std::string>();
  d.report = StringOrEmpty(j, "report");
  d.title = StringOrEmpty(j, "title");
  std::string status = j.at("status").get<std::string>();
  if (!ParseDumpStatus(status, &d.status)) throw std::invalid_argument("unknown dump status '" + status + "'");
  d.error = StringOrEmpty(j, "error");
  const json& c = j.at("counts");
  d.passes = c.at("passes").get<size_t>();
  d.changed = c.at("changed").get<size_t>();
  d.failed = c.at("failed").get<size_t>();
  d.codegen = c.at("codegen").get<size_t>();
  d.warnings = c.at("warnings").get<size_t>();
  // Only the failed passes are in the summary: what the index lists of the passes.
  for (const json& p : j.at("failed_passes")) {
    PassResult r;
    r.num = p.at("num").get<long>();
    r.name = p.at("name").get<std::string>();
    r.status = PassStatus::kFailed;
    r.error = p.at("error").get<std::string>();
    d.pass_results.push_back(std::move(r));
  }
  for (const json& w : j.at("warnings")) {
    WarningResult r;
    r.num = w.at("num").is_null() ? -1 : w.at("num").get<long>();
    r.entry = w.at("entry").get<std::string>();
    r.text = w.at("text").get<std::string>();
    d.warning_list.push_back(std::move(r));
  }
  d.input_bytes = j.at("input_bytes").get<uint64_t>();
  d.seconds = j.at("seconds").get<double>();
  if (j.contains("baseline")) {  // --baseline
    const json& b = j.at("baseline");
    d.has_baseline = true;
    d.baseline.path = b.at("path").get<std::string>();
    std::string status = b.at("status").get<std::string>();
    if (!ParseBaselineStatus(status, &d.baseline.status)) {
      throw std::invalid_argument("unknown baseline status '" + status + "'");
    }
    d.baseline.divergence = StringOrEmpty(b, "first_divergence");
    d.baseline.report = StringOrEmpty(b, "report");
    d.baseline.error = StringOrEmpty(b, "error");
  }
  return d;
}

}  // namespace

std::vector<DumpResult> ReadJsonSummary(const std::string& text, const std::string& file) {
  json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) throw Error(file + ": not a JSON document (an ir-trace --json summary)");
  if (!doc.is_object() || !doc.contains("schema") || !doc["schema"].is_number_integer()) {
    throw Error(file + ": not an ir-trace --json summary (no \"schema\")");
  }
  if (doc["schema"].get<long>() != kJsonSummarySchema) {
    throw Error(file + ": unknown summary schema " + doc["schema"].dump() + " (this ir-trace reads schema " +
                std::to_string(kJsonSummarySchema) + ")");
  }
  std::vector<DumpResult> dumps;
  try {
    for (const json& d : doc.at("dumps")) dumps.push_back(ReadDump(d));
  } catch (const json::exception& e) {
    throw Error(file + ": not an ir-trace --json summary: " + e.what());
  } catch (const std::invalid_argument& e) {
    throw Error(file + ": not an ir-trace --json summary: " + e.what());
  }
  return dumps;
}

}  // namespace irtrace
