// The run model's typed states (lib/report/run_result.h): each status spelled once, read back by the same
// spelling, anything else refused; a --json summary's pass and baseline statuses read back as enums.
#include <catch2/catch.hpp>

#include <string>

#include "report/json_summary.h"
#include "report/json_summary_reader.h"
#include "report/run_result.h"
#include "util/error.h"
#include "util/output_sink.h"

namespace {

using namespace irtrace;

TEST_CASE("run_result: every status spelled once and parsed back by that spelling", "[run_result]") {
  for (DumpStatus s : {DumpStatus::kOk, DumpStatus::kInvalid, DumpStatus::kError}) {
    DumpStatus back = s == DumpStatus::kOk ? DumpStatus::kError : DumpStatus::kOk;
    REQUIRE(ParseDumpStatus(StatusName(s), &back));
    CHECK(back == s);
  }
  CHECK(std::string(StatusName(DumpStatus::kInvalid)) == "invalid");
  for (BaselineStatus s :
       {BaselineStatus::kDiverged, BaselineStatus::kSame, BaselineStatus::kMissing, BaselineStatus::kError}) {
    BaselineStatus back = s == BaselineStatus::kSame ? BaselineStatus::kError : BaselineStatus::kSame;
    REQUIRE(ParseBaselineStatus(BaselineStatusName(s), &back));
    CHECK(back == s);
  }
  CHECK(std::string(BaselineStatusName(BaselineStatus::kDiverged)) == "diverged");
  BaselineStatus b = BaselineStatus::kSame;
  CHECK_FALSE(ParseBaselineStatus("Diverged", &b));
  CHECK_FALSE(ParseBaselineStatus("", &b));
  CHECK(b == BaselineStatus::kSame);  // left alone
  DumpStatus d = DumpStatus::kOk;
  CHECK_FALSE(ParseDumpStatus("failed", &d));  // a pass's status, not a dump's
  CHECK(d == DumpStatus::kOk);
}

TEST_CASE("run_result: a --json summary's failed passes and baseline come back typed", "[run_result]") {
  DumpResult r;
  r.path = "k3/passes_dump";
  r.title = "K3";
  r.passes = 2;
  r.failed = 1;
  r.pass_results.push_back({1, "A", PassStatus::kNoop, "", 0, 0, 0});
  r.pass_results.push_back({2, "B", PassStatus::kFailed, "error: verifier failed\n", 0, 1, 1});
  r.has_baseline = true;
  r.baseline.path = "main/k3/passes_dump";
  r.baseline.status = BaselineStatus::kDiverged;
  r.baseline.divergence = "pass 2 B";
  StringSink sink;
  WriteJsonSummary({r}, false, &sink);
  std::vector<DumpResult> back = ReadJsonSummary(sink.text, "s.json");
  REQUIRE(back.size() == 1);
  REQUIRE(back[0].pass_results.size() == 1);  // only the failed passes are in a summary
  CHECK(back[0].pass_results[0].status == PassStatus::kFailed);
  CHECK(back[0].pass_results[0].num == 2);
  CHECK(back[0].baseline.status == BaselineStatus::kDiverged);
  CHECK(NoopPasses(r) == 1);

  std::string text = sink.text;
  size_t at = text.find("\"diverged\"");
  REQUIRE(at != std::string::npos);
  text.replace(at, 10, "\"diverges\"");
  CHECK_THROWS_WITH(ReadJsonSummary(text, "s.json"),
                    "s.json: not an ir-trace --json summary: unknown baseline status 'diverges'");
}

}  // namespace
