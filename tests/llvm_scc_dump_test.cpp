// An SCC pass's dump prints the SCC as it stands after the pass (input/llvm_scc_dump.h): on real opt 19
// output, the inliner splitting an SCC of two mutually recursive functions.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "cli_in_process.h"
#include "input/llvm_scc_dump.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::Shell;
using test::TempDir;
using Keys = std::vector<std::string>;

// The unit ReadSccDump leaves on an SCC pass whose banner names `named` and whose dump is `text`.
Keys UnitOf(const Keys& named, const std::string& text, std::vector<DumpPass::LogNote>* notes = nullptr) {
  DumpPass p;
  p.unit = IrUnit::kScc;
  p.unit_keys = named;
  ReadSccDump(text, &p);
  if (notes) *notes = p.log_notes;
  return p.unit_keys;
}

TEST_CASE("llvm_scc_dump: the functions an SCC dump prints, in the banner's order, the others noted",
          "[llvm_scc_dump]") {
  const std::string pong = "define i32 @pong(i32 %0) {\n  ret i32 0\n}\n";
  const std::string ping = "define i32 @ping(i32 %0) {\n  ret i32 1\n}\n";
  std::vector<DumpPass::LogNote> notes;
  CHECK(UnitOf({"pong", "ping"}, pong, &notes) == Keys{"pong"});
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].kind == "not_in_log");
  CHECK(notes[0].functions == Keys{"ping"});
  CHECK(UnitOf({"pong", "ping"}, ping + "\n" + pong, &notes) == Keys{"pong", "ping"});
  CHECK(notes.empty());
  CHECK(UnitOf({"pong", "ping"}, "") == Keys{"pong", "ping"});
}

// The entry of the report `html` whose pass is `name` on the SCC `unit` as its banner names it.
const nlohmann::json* EntryOf(const nlohmann::json& payload, const std::string& name, const std::string& first_key) {
  for (const nlohmann::json& e : payload["entries"]) {
    if (e.value("name", "") != name || !e.contains("unit_keys") || e["unit_keys"].empty()) continue;
    if (e["unit_keys"][0] == first_key) return &e;
  }
  return nullptr;
}

TEST_CASE("llvm_scc_dump: an SCC the inliner splits does not remove the function its dump no longer prints",
          "[llvm_scc_dump]") {
  REQUIRE(std::filesystem::exists("/usr/bin/clang-19"));
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  TempDir t;
  test::WriteFile(t / "p.c",
                  "int ping(int n);\n"
                  "int pong(int n) { return n <= 0 ? 0 : 1 + ping(n - 2); }\n"
                  "int ping(int n) { return n <= 0 ? 1 : 2 * pong(n - 1); }\n");
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
  for (const char* form : {"-print-after-all", "-print-changed"}) {
    INFO(form);
    Shell(t, std::string("opt-19 -O2 ") + form + " p.ll -o /dev/null 2>f.log");
    // The inliner inlines ping into pong: -print-after-all's banner names the SCC before the pass ("(pong,
    // ping)"), -print-changed's after it ("(pong)"); either dump prints only pong, and ping, external, is
    // still defined (the next module dump prints it).
    std::string log = test::ReadFile(t / "f.log");
    size_t at = log.find("*** IR Dump After InlinerPass on (pong");
    REQUIRE(at != std::string::npos);
    REQUIRE(log.substr(at, log.find('\n', at) - at).find("omitted") == std::string::npos);
    size_t next = log.find("*** IR Dump", at + 10);
    std::string dump = log.substr(at, next - at);
    REQUIRE(dump.find("define dso_local i32 @pong(") != std::string::npos);
    REQUIRE(dump.find("@ping(i32") == std::string::npos);

    test::CliResult r = test::RunMain({t / "f.log", "--no-compress", "-o", t / "f.html"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    nlohmann::json p = test::PayloadOf(t / "f.html");
    const nlohmann::json* e = EntryOf(p, "InlinerPass", "pong");
    REQUIRE(e != nullptr);
    CHECK(e->at("status") == "changed");
    CHECK(e->at("unit_keys") == nlohmann::json::array({"pong"}));
    for (const nlohmann::json& f : e->value("functions", nlohmann::json::array())) {
      INFO(f.dump());
      CHECK((f["key"] != "ping" || f["status"] == "same"));
    }
  }
}

}  // namespace
}  // namespace irtrace
