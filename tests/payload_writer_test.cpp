// The report payload (lib/report/payload_writer.h): how each snapshot is stored (full text, "same", delta, the chain
// limit, CRLF fixes), its sections (full, from an earlier snapshot's) and fallback, and the entries with their
// diffs and touched functions. The output is parsed
// back with nlohmann-json so the checks read the payload as the viewer does.
#include "report/payload_writer.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "input/snapshot.h"
#include "util/output_sink.h"

namespace irtrace {
namespace {

using nlohmann::json;

// `n` lines "line 0" .. "line n-1", each ending with '\n'.
std::string Lines(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "line " + std::to_string(i) + "\n";
  return s;
}

// Builds a payload from snapshot texts: the first is the frontend (stored in full), each later one a pass
// diffed against the one before it. Keeps the snapshots and diffs for entries.
class Payload {
 public:
  explicit Payload(const std::string& title = "dump", int context = 3)
      : report_(&sink_, PayloadEncoding::kPlain, title, context) {}

  // Adds a snapshot; `full`: stored without a diff (frontend, codegen), as the first one always is.
  int Add(const std::string& name, const std::string& ext, const std::string& text, bool full = false) {
    snaps_.push_back(MakeSnapshot(name, ext, text));
    if (snaps_.size() == 1 || full) {
      diffs_.emplace_back();
      return report_.AddSnapshot(*snaps_.back());
    }
    const Snapshot& before = *snaps_[snaps_.size() - 2];
    diffs_.push_back(DiffPass(before, *snaps_.back()));
    return report_.AddSnapshot(*snaps_.back(), before, diffs_.back());
  }

  const Snapshot& snap(size_t i) const { return *snaps_[i]; }
  const PassDiff& diff(size_t i) const { return diffs_[i]; }

  // Ends the snapshots, writes `entries`, finishes and parses the output.
  json Finish(const std::vector<Entry>& entries = {}) {
    for (const Entry& e : entries) report_.AddEntry(e);
    report_.Finish();
    return json::parse(sink_.text);
  }

  const std::string& text() const { return sink_.text; }

 private:
  StringSink sink_;
  PayloadWriter report_;
  std::vector<std::unique_ptr<Snapshot>> snaps_;
  std::vector<PassDiff> diffs_;  // diffs_[i]: snapshot i-1 -> i (empty when stored in full)
};

// Which of "text", "same", "delta" a snapshot object holds; fails if not exactly one.
std::string StoredAs(const json& s) {
  int count = s.contains("text") + s.contains("same") + s.contains("delta");
  REQUIRE(count == 1);
  if (s.contains("text")) return "text";
  return s.contains("same") ? "same" : "delta";
}

std::vector<uint32_t> Ops(const json& v) { return v.get<std::vector<uint32_t>>(); }

TEST_CASE("payload_writer: header fields", "[payload_writer]") {
  Payload p("passes_dump", 5);
  p.Add("00_frontend.py", "py", "x = 1\n");
  json j = p.Finish();
  CHECK(j["schema"] == 5);
  CHECK(j["schema"] == kPayloadSchema);
  CHECK(j["tool"] == std::string("ir-trace ") + IRTRACE_VERSION);
  CHECK(j["title"] == "passes_dump");
  CHECK(j["context"] == 5);
  CHECK(j["snapshots"].size() == 1);
  CHECK(j["entries"].empty());
}

TEST_CASE("payload_writer: the frontend is stored as full text", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", "a = 1\r\nb = '<b>'\nlast");
  json s = p.Finish()["snapshots"][0];
  CHECK(s["file"] == "00_frontend.py");
  CHECK(s["lang"] == "python");
  CHECK(s["eol"] == false);
  CHECK(s["n"] == 3);
  REQUIRE(StoredAs(s) == "text");
  CHECK(s["text"] == json({"a = 1\r", "b = '<b>'", "last"}));
}

TEST_CASE("payload_writer: markup in the text is escaped in the raw output", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", "s = '</script>'\n");
  p.Finish();
  CHECK(p.text().find("</script>") == std::string::npos);
  CHECK(p.text().find("\\u003c/script\\u003e") != std::string::npos);
}

TEST_CASE("payload_writer: an identical snapshot is 'same' pointing at the root", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", Lines(10));
  p.Add("01_after_A.py", "py", Lines(10));
  p.Add("02_after_B.py", "py", Lines(10));
  std::string changed = Lines(10) + "extra\n";
  p.Add("03_after_C.py", "py", changed);
  p.Add("04_after_D.py", "py", changed);
  p.Add("05_after_E.py", "py", changed);
  json s = p.Finish()["snapshots"];
  REQUIRE(s.size() == 6);
  CHECK(StoredAs(s[0]) == "text");
  REQUIRE(StoredAs(s[1]) == "same");
  CHECK(s[1]["same"] == 0);
  REQUIRE(StoredAs(s[2]) == "same");
  CHECK(s[2]["same"] == 0);  // not 1: a "same" resolves to the full/delta snapshot, never to another "same"
  CHECK(s[2]["n"] == 10);
  REQUIRE(StoredAs(s[3]) == "delta");
  CHECK(s[3]["delta"]["from"] == 2);
  REQUIRE(StoredAs(s[4]) == "same");
  CHECK(s[4]["same"] == 3);
  REQUIRE(StoredAs(s[5]) == "same");
  CHECK(s[5]["same"] == 3);
}

TEST_CASE("payload_writer: a small change is a delta with ops and inserted lines", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", Lines(20));
  std::string after = Lines(20);
  after.replace(after.find("line 7\n"), 7, "line seven\n");
  p.Add("01_after_A.py", "py", after);
  json s = p.Finish()["snapshots"][1];
  REQUIRE(StoredAs(s) == "delta");
  CHECK(s["n"] == 20);
  const json& d = s["delta"];
  CHECK(d["from"] == 0);
  CHECK(Ops(d["ops"]) == std::vector<uint32_t>{7, 1, 1});
  CHECK(Ops(d["ops"]) == p.diff(1).whole.script.ops);
  CHECK(d["ins"] == json({"line seven"}));
  CHECK(d["fix"].empty());
}

TEST_CASE("payload_writer: a delta chain is cut after kMaxDeltaChain steps", "[payload_writer]") {
  Payload p;
  std::string text = Lines(60);
  p.Add("00_frontend.py", "py", text);
  const int passes = kMaxDeltaChain + 2;
  for (int k = 1; k <= passes; ++k) {
    text += "added " + std::to_string(k) + "\n";
    p.Add((k < 10 ? "0" : "") + std::to_string(k) + "_after_P.py", "py", text);
  }
  json s = p.Finish()["snapshots"];
  REQUIRE(s.size() == static_cast<size_t>(passes + 1));
  for (int k = 1; k <= kMaxDeltaChain; ++k) {
    INFO("snapshot " << k);
    REQUIRE(StoredAs(s[k]) == "delta");
    CHECK(s[k]["delta"]["from"] == k - 1);
  }
  CHECK(StoredAs(s[kMaxDeltaChain + 1]) == "text");  // the 17th consecutive delta becomes full text
  REQUIRE(StoredAs(s[kMaxDeltaChain + 2]) == "delta");  // and starts a new chain
  CHECK(s[kMaxDeltaChain + 2]["delta"]["from"] == kMaxDeltaChain + 1);
}

TEST_CASE("payload_writer: a mostly rewritten snapshot is stored in full", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", Lines(10));
  std::string after;
  for (int i = 0; i < 10; ++i) after += (i < 8 ? "rewritten " : "line ") + std::to_string(i) + "\n";
  p.Add("01_after_A.py", "py", after);
  json s = p.Finish()["snapshots"][1];
  REQUIRE(StoredAs(s) == "text");
  CHECK(s["text"].size() == 10);
  CHECK(s["text"][0] == "rewritten 0");
}

TEST_CASE("payload_writer: a CRLF-only change is a delta with fixes", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", Lines(20));
  std::string after = Lines(20);
  after.replace(after.find("line 4\n"), 7, "line 4\r\n");
  p.Add("01_after_A.py", "py", after);
  json s = p.Finish()["snapshots"][1];
  REQUIRE(StoredAs(s) == "delta");
  const json& d = s["delta"];
  CHECK(d["from"] == 0);
  CHECK(d["ops"].empty());
  CHECK(d["ins"].empty());
  CHECK(d["fix"] == json::parse(R"([[4, "line 4\r"]])"));
}

TEST_CASE("payload_writer: sections and fallback", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", "import x\n\ndef f():\n    return 1\n\ndef g():\n    return 2\n");
  p.Add("01_after_A.py", "py", "def f():\n    return 1\n\ndef f():\n    return 2\n");
  p.Add("02_after_B.txt", "txt", "plain\n");
  json s = p.Finish()["snapshots"];
  CHECK(s[0]["sections"] == json::parse(R"([["f", 2, 4], ["g", 5, 7]])"));
  CHECK_FALSE(s[0].contains("fallback"));
  CHECK(s[1]["sections"].empty());
  REQUIRE(s[1].contains("fallback"));
  CHECK_THAT(s[1]["fallback"].get<std::string>(), Catch::Contains("duplicate function key 'f'"));
  CHECK(s[2]["lang"] == "text");
  CHECK(s[2]["sections"].empty());
  CHECK_FALSE(s[2].contains("fallback"));
}

TEST_CASE("payload_writer: entries with diffs, pairs and functions", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", "def f():\n    return a + 1\n\ndef g():\n    return 2\n");
  p.Add("01_after_A.py", "py", "def f():\n    return a + 2\n\ndef g():\n    return 2\n");
  std::vector<Entry> entries;
  entries.push_back(MakeFrontendEntry(p.snap(0), "", ""));
  entries.push_back(MakePassEntry(1, "A", 0, 1, p.snap(1), p.diff(1), "01_after_A.log", "note: fine\n"));
  json e = p.Finish(entries)["entries"];
  REQUIRE(e.size() == 2);

  const json& fe = e[0];
  CHECK(fe["kind"] == "frontend");
  CHECK(fe["num"] == 0);
  CHECK(fe["name"] == "frontend");
  CHECK_FALSE(fe.contains("before"));
  CHECK(fe["after"] == 0);
  CHECK(fe["status"] == "frontend");
  CHECK(fe["ins"] == 0);
  CHECK(fe["del"] == 0);
  CHECK_FALSE(fe.contains("diff"));
  CHECK_FALSE(fe.contains("functions"));
  CHECK_FALSE(fe.contains("log"));
  CHECK_FALSE(fe.contains("phase"));  // optional: only an entry with a phase has one

  const json& pe = e[1];
  CHECK(pe["kind"] == "pass");
  CHECK(pe["num"] == 1);
  CHECK(pe["name"] == "A");
  CHECK(pe["before"] == 0);
  CHECK(pe["after"] == 1);
  CHECK(pe["status"] == "changed");
  CHECK(pe["ins"] == 1);
  CHECK(pe["del"] == 1);
  CHECK(pe["warnings"] == json({"note: fine\n"}));
  CHECK(pe["log"] == "01_after_A.log");
  CHECK_FALSE(pe.contains("error"));
  CHECK(Ops(pe["diff"]["ops"]) == std::vector<uint32_t>{1, 1, 1});
  // One change block (0), similarity-paired (flags 0): deleted line 0 with inserted line 0.
  CHECK(pe["diff"]["pairs"] == json::parse("[[0, 0, 0, 0]]"));

  // Only f is touched; g and "" (the blank line between them) are the same and left to the viewer.
  const json& fns = pe["functions"];
  REQUIRE(fns.size() == 1);
  CHECK(fns[0]["key"] == "f");
  CHECK(fns[0]["status"] == "changed");
  CHECK(fns[0]["ins"] == 1);
  CHECK(fns[0]["del"] == 1);
  REQUIRE(fns[0].contains("diff"));
  CHECK(Ops(fns[0]["diff"]["ops"]) == std::vector<uint32_t>{1, 1, 1});
  CHECK(fns[0]["diff"]["pairs"] == json::parse("[[0, 0, 0, 0]]"));
}

// The function keys a sections value stands for, resolved as the viewer does (lib/report/PAYLOAD.md, "Snapshot"):
// a full list, or {"from", "ops", "ins"} applied to snapshot "from"'s list, a copied section keeping its
// length and its distance from the section before it.
json Sections(const json& snaps, size_t i) {
  const json& v = snaps[i]["sections"];
  if (v.is_array()) return v;
  json base = Sections(snaps, v["from"].get<size_t>()), out = json::array();
  std::vector<uint32_t> ops = v.contains("ops") ? Ops(v["ops"]) : std::vector<uint32_t>{};
  size_t x = 0, k = 0;
  long end = 0;  // end of the last section put out
  auto copy = [&](size_t n) {
    for (; n > 0; --n, ++x) {
      long gap = base[x][1].get<long>() - (x ? base[x - 1][2].get<long>() : 0);
      long len = base[x][2].get<long>() - base[x][1].get<long>();
      out.push_back(json::array({base[x][0], end + gap, end + gap + len}));
      end += gap + len;
    }
  };
  for (size_t t = 0; t + 2 < ops.size(); t += 3) {
    copy(ops[t]);
    x += ops[t + 1];
    for (uint32_t n = 0; n < ops[t + 2]; ++n) {
      out.push_back(v["ins"][k++]);
      end = out.back()[2].get<long>();
    }
  }
  copy(base.size() - x);
  return out;
}

json Expected(const Snapshot& s) {
  json out = json::array();
  for (const Section& sec : s.scope.sections) out.push_back(json::array({sec.key, sec.begin, sec.end}));
  return out;
}

TEST_CASE("payload_writer: a pass over many functions lists the touched ones, sections are not repeated",
          "[payload_writer]") {
  // F functions, one changed: the pass lists one function, not F; its sections are a delta of one entry.
  const int F = 300;
  auto program = [&](int changed, const std::string& extra) {
    std::string t = "import pl\n\n";
    for (int k = 0; k < F; ++k) {
      t += "def f" + std::to_string(k) + "():\n    return " + std::to_string(k) + "\n";
      if (k == changed) t += extra;
    }
    return t;
  };
  Payload p;
  p.Add("00_frontend.py", "py", program(-1, ""));
  p.Add("01_after_A.py", "py", program(17, "    pass\n"));   // f17 grows by a line: later sections shift
  p.Add("02_after_B.py", "py", program(17, "    pass\n"));   // identical
  p.Add("03_after_C.py", "py", program(17, "    stop\n"));   // f17 changes, no line moves
  std::vector<Entry> entries;
  entries.push_back(MakeFrontendEntry(p.snap(0), "", ""));
  for (int i = 1; i <= 3; ++i) {
    entries.push_back(
        MakePassEntry(i, "P", i - 1, i, p.snap(static_cast<size_t>(i)), p.diff(static_cast<size_t>(i)), "", ""));
  }
  json j = p.Finish(entries);
  const json& e = j["entries"];
  REQUIRE(e[1]["functions"].size() == 1);
  CHECK(e[1]["functions"][0]["key"] == "f17");
  CHECK(e[1]["functions"][0]["status"] == "changed");
  CHECK(e[2]["functions"].empty());  // compared by function, nothing touched
  REQUIRE(e[3]["functions"].size() == 1);
  CHECK(e[3]["functions"][0]["key"] == "f17");
  CHECK_FALSE(e[0].contains("functions"));

  const json& s = j["snapshots"];
  CHECK(s[0]["sections"].size() == static_cast<size_t>(F));
  CHECK(s[1]["sections"] == json::parse(R"({"from": 0, "ops": [17, 1, 1], "ins": [["f17", 36, 39]]})"));
  CHECK(s[2]["sections"] == json::parse(R"({"from": 1})"));  // equal to snapshot 1's
  CHECK(s[3]["sections"] == json::parse(R"({"from": 1})"));  // equal too: the text changed, not the lines
  for (size_t i = 0; i < 4; ++i) CHECK(Sections(s, i) == Expected(p.snap(i)));
}

TEST_CASE("payload_writer: a sections chain is cut after kMaxDeltaChain steps", "[payload_writer]") {
  Payload p;
  std::string body;
  p.Add("00_frontend.py", "py", "def a():\n    pass\ndef b():\n    pass\ndef c():\n    pass\n");
  for (int k = 1; k <= kMaxDeltaChain + 2; ++k) {
    body += "    x" + std::to_string(k) + " = 1\n";
    p.Add("0" + std::to_string(k) + "_after_A.py", "py",
          "def a():\n" + body + "    pass\ndef b():\n    pass\ndef c():\n    pass\n");
  }
  json s = p.Finish()["snapshots"];
  for (int k = 1; k <= kMaxDeltaChain; ++k) CHECK(s[k]["sections"].is_object());
  CHECK(s[kMaxDeltaChain + 1]["sections"].is_array());
  CHECK(s[kMaxDeltaChain + 2]["sections"]["from"] == kMaxDeltaChain + 1);
  for (size_t i = 0; i < s.size(); ++i) CHECK(Sections(s, i) == Expected(p.snap(i)));
}

TEST_CASE("payload_writer: a failed pass carries its error, a codegen entry its role", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", "x = 1\n");
  p.Add("01_after_A.py", "py", "x = 1\n");
  p.Add("codegen_device.cpp", "cpp", "int main() { return 0; }\n", true);
  std::vector<Entry> entries;
  entries.push_back(MakePassEntry(1, "A", 0, 1, p.snap(1), p.diff(1), "01_after_A.log", "x.py:1: error: bad\n"));
  entries.push_back(MakeCodegenEntry(CodegenRole::kDevice, 2, p.snap(2)));
  json e = p.Finish(entries)["entries"];
  REQUIRE(e.size() == 2);
  CHECK(e[0]["status"] == "failed");
  CHECK(e[0]["error"] == "x.py:1: error: bad\n");
  CHECK(e[0]["warnings"].empty());
  CHECK(e[0]["diff"]["ops"].empty());
  CHECK_FALSE(e[0].contains("functions"));  // no function in the file: no function list
  CHECK(e[1]["kind"] == "codegen");
  CHECK_FALSE(e[1].contains("num"));
  CHECK(e[1]["name"] == "codegen_device.cpp");
  CHECK(e[1]["role"] == "device");
  CHECK(e[1]["after"] == 2);
  CHECK(e[1]["status"] == "codegen");
  CHECK_FALSE(e[1].contains("diff"));
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("payload_writer: a CR-only snapshot says so, a byte-order mark is kept in the text", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py",
        "\xEF\xBB\xBF"
        "def f():\n    return 1\n" +
            Lines(40));
  p.Add("01_after_A.py", "py", "def f():\r    return 1\r");
  json j = p.Finish();
  const json& s0 = j["snapshots"][0];
  CHECK_FALSE(s0.contains("newline"));  // LF: the default, not written
  CHECK(s0["text"][0] ==
        "\xEF\xBB\xBF"
        "def f():");
  const json& s1 = j["snapshots"][1];
  CHECK(s1["newline"] == "cr");
  CHECK(s1["n"] == 2);
  CHECK(s1["eol"] == true);
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("payload_writer: an entry's phase is written as \"phase\"", "[payload_writer]") {
  Payload p;
  p.Add("00_frontend.py", "py", "x = 1\n");
  p.Add("01_after_A.py", "py", "x = 2\n");
  std::vector<Entry> entries;
  entries.push_back(MakeFrontendEntry(p.snap(0), "", ""));
  entries.push_back(MakePassEntry(1, "A", 0, 1, p.snap(1), p.diff(1), "", ""));
  entries[1].phase = "tiling";
  json e = p.Finish(entries)["entries"];
  CHECK_FALSE(e[0].contains("phase"));
  CHECK(e[1]["phase"] == "tiling");
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("payload_writer: lines runs, and a delta and sections from an older snapshot (schema 4)",
          "[payload_writer]") {
  StringSink sink;
  PayloadWriter w(&sink, PayloadEncoding::kPlain, "log", 3);
  std::string module = "define i32 @f() {\n  ret i32 1\n}\n\ndefine i32 @g() {\n  ret i32 2\n}\n";
  auto m = MakeSnapshot("m", "ll", module);
  auto g2 = MakeSnapshot("g2", "ll", "define i32 @g() {\n  ret i32 3\n}\n");
  CHECK(w.AddSnapshot(*m) == 0);
  // g cut out of the module: a run of its lines.
  auto g = MakeSnapshot("m", "ll", "define i32 @g() {\n  ret i32 2\n}\n");
  CHECK(w.AddLines(*g, {LineRun{0, 4, 7, ""}}) == 1);
  // An unrelated snapshot in between, then g's next text as a delta from snapshot 1, not from 2.
  auto other = MakeSnapshot("o", "ll", "define i32 @h() {\n  ret i32 0\n}\n");
  CHECK(w.AddSnapshot(*other) == 2);
  PassDiff d = DiffPass(*g, *g2);
  CHECK(w.AddSnapshot(*g2, *g, 1, d) == 3);
  // A literal line between two runs.
  auto two = MakeSnapshot("two", "ll", "define i32 @f() {\n  ret i32 1\n}\n\ndefine i32 @g() {\n  ret i32 3\n}\n");
  CHECK(w.AddLines(*two, {LineRun{0, 0, 3, ""}, LineRun{-1, 0, 0, ""}, LineRun{3, 0, 3, ""}}) == 4);
  w.Finish();
  json j = json::parse(sink.text);
  CHECK(j["schema"] == 5);
  const json& s = j["snapshots"];
  CHECK(s[1]["lines"] == json::parse(R"([[0, 4, 7]])"));
  CHECK(s[1]["sections"] == json::parse(R"([["g", 0, 3]])"));
  CHECK(s[3]["delta"]["from"] == 1);
  CHECK(s[3]["delta"]["ins"] == json::parse(R"(["  ret i32 3"])"));
  CHECK(s[3]["sections"] == json::parse(R"({"from": 1})"));
  CHECK(s[4]["lines"] == json::parse(R"([[0, 0, 3], "", [3, 0, 3]])"));
  CHECK(s[4]["n"] == 7);
}

}  // namespace
}  // namespace irtrace
