// Snapshots (lib/snapshot.h): line splitting, comparison keys, missing final newline, decoding warnings.
#include "input/snapshot.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_util.h"
#include "util/error.h"

namespace irtrace {
namespace {

std::vector<std::string> Lines(const Snapshot& s) { return {s.lines.begin(), s.lines.end()}; }

TEST_CASE("snapshot: an empty file has no lines and counts as ending with a newline", "[snapshot]") {
  auto s = MakeSnapshot("00_frontend.py", "py", "");
  CHECK(s->lines.empty());
  CHECK(s->eol);
  CHECK(s->warnings.empty());
  CHECK(s->scope.sections.empty());
  CHECK(s->scope.fallback.empty());
}

TEST_CASE("snapshot: a and a-newline are both one line - only the first lacks the newline", "[snapshot]") {
  auto a = MakeSnapshot("a", "txt", "a");
  auto b = MakeSnapshot("b", "txt", "a\n");
  CHECK(Lines(*a) == std::vector<std::string>{"a"});
  CHECK(Lines(*b) == std::vector<std::string>{"a"});
  CHECK_FALSE(a->eol);
  CHECK(b->eol);
  CHECK(a->LacksNewline(0));
  CHECK_FALSE(b->LacksNewline(0));
  CHECK_FALSE(Snapshot::SameLine(*a, 0, *b, 0));
  CHECK(a->KeyHash(0) != b->KeyHash(0));
  CHECK(Snapshot::SameLine(*a, 0, *a, 0));
  CHECK(Snapshot::SameLine(*b, 0, *b, 0));
}

TEST_CASE("snapshot: blank lines are lines", "[snapshot]") {
  CHECK(Lines(*MakeSnapshot("n", "txt", "\n")) == std::vector<std::string>{""});
  CHECK(Lines(*MakeSnapshot("n", "txt", "\n\n")) == std::vector<std::string>{"", ""});
  CHECK(Lines(*MakeSnapshot("n", "txt", "a\n\nb")) == std::vector<std::string>{"a", "", "b"});
}

TEST_CASE("snapshot: CRLF lines keep their CR - KeyOf strips it", "[snapshot]") {
  auto s = MakeSnapshot("x.py", "py", "a\r\nb\r\n\r\nc\rd\n");
  CHECK(s->text == "a\r\nb\r\n\r\nc\rd\n");
  CHECK(Lines(*s) == std::vector<std::string>{"a\r", "b\r", "\r", "c\rd"});
  CHECK(s->KeyOf(0) == "a");
  CHECK(s->KeyOf(1) == "b");
  CHECK(s->KeyOf(2) == "");
  CHECK(s->KeyOf(3) == "c\rd");  // only a trailing CR is a line ending
  auto lf = MakeSnapshot("y.py", "py", "a\nb\n\nc\rd\n");
  for (size_t i = 0; i < 4; ++i) CHECK(Snapshot::SameLine(*s, i, *lf, i));
  for (size_t i = 0; i < 4; ++i) CHECK(s->KeyHash(i) == lf->KeyHash(i));
  CHECK(s->KeyHash(0) != s->KeyHash(1));
}

TEST_CASE("snapshot: a CRLF last line without its LF is the line with a CR", "[snapshot]") {
  auto s = MakeSnapshot("x", "txt", "x\na\r");
  CHECK(Lines(*s) == std::vector<std::string>{"x", "a\r"});
  CHECK(s->KeyOf(1) == "a");
  CHECK(s->LacksNewline(1));
  auto t = MakeSnapshot("y", "txt", "x\na\r\n");
  CHECK_FALSE(Snapshot::SameLine(*s, 1, *t, 1));
}

TEST_CASE("snapshot: without any LF, CR ends lines (classic Mac OS), with a note", "[snapshot]") {
  auto s = MakeSnapshot("x", "py", "def f():\r    return 1\r\rdef g():\r    pass");
  CHECK(s->line_break == LineBreak::kCr);
  CHECK(Lines(*s) == std::vector<std::string>{"def f():", "    return 1", "", "def g():", "    pass"});
  CHECK_FALSE(s->eol);
  CHECK(s->LineEndingName() == std::string("CR"));
  CHECK(s->notes == std::vector<std::string>{"lines end in CR only (classic Mac OS line ends), read as line breaks"});
  REQUIRE(s->scope.sections.size() == 2);  // functions found as in the LF file
  auto lf = MakeSnapshot("y", "py", "def f():\n    return 1\n\ndef g():\n    pass");
  auto crlf = MakeSnapshot("z", "py", "def f():\r\n    return 1\r\n\r\ndef g():\r\n    pass");
  for (size_t i = 0; i < s->lines.size(); ++i) {
    CHECK(Snapshot::SameLine(*s, i, *lf, i));
    CHECK(Snapshot::SameLine(*s, i, *crlf, i));
  }
  CHECK(lf->LineEndingName() == std::string("LF"));
  CHECK(crlf->LineEndingName() == std::string("CRLF"));

  SECTION("a lone CR in a file with LFs stays inside its line") {
    auto m = MakeSnapshot("m", "txt", "a\rb\nc\n");
    CHECK(m->line_break == LineBreak::kLf);
    CHECK(Lines(*m) == std::vector<std::string>{"a\rb", "c"});
    CHECK(m->notes.empty());
  }
  SECTION("a single line ending in CR") {
    auto one = MakeSnapshot("o", "txt", "a\r");
    CHECK(Lines(*one) == std::vector<std::string>{"a"});
    CHECK(one->eol);
  }
}

TEST_CASE("snapshot: a leading byte-order mark is kept in the text, ignored by keys and scoping", "[snapshot]") {
  auto s = MakeSnapshot("x", "py",
                        "\xEF\xBB\xBF"
                        "def kernel():\n    return 1\n");
  CHECK(s->bom);
  CHECK(s->text.compare(0, 3, "\xEF\xBB\xBF") == 0);
  CHECK(s->lines[0] ==
        "\xEF\xBB\xBF"
        "def kernel():");
  CHECK(s->KeyOf(0) == "def kernel():");
  REQUIRE(s->scope.sections.size() == 1);
  CHECK(s->scope.sections[0].key == "kernel");
  CHECK(s->scope.sections[0].begin == 0);
  auto plain = MakeSnapshot("y", "py", "def kernel():\n    return 1\n");
  CHECK(Snapshot::SameLine(*s, 0, *plain, 0));
  CHECK_FALSE(plain->bom);
  auto ll = MakeSnapshot("z", "ll",
                         "\xEF\xBB\xBF"
                         "define i32 @f() {\n  ret i32 0\n}\n");
  REQUIRE(ll->scope.sections.size() == 1);
  CHECK(ll->scope.sections[0].key == "f");
}

TEST_CASE("snapshot: UTF-16 with a byte-order mark is decoded, with a note", "[snapshot]") {
  // "def f():\n  x = '\u00e9\U0001F600'\n" in UTF-16LE and BE, each with its byte-order mark.
  std::u16string text = u"def f():\n  x = '\u00e9\U0001F600'\n";
  std::string le = "\xFF\xFE", be = "\xFE\xFF";
  for (char16_t c : text) {
    le.push_back(static_cast<char>(c & 0xFF));
    le.push_back(static_cast<char>(c >> 8));
    be.push_back(static_cast<char>(c >> 8));
    be.push_back(static_cast<char>(c & 0xFF));
  }
  auto l = MakeSnapshot("l", "py", le);
  auto b = MakeSnapshot("b", "py", be);
  for (const auto* s : {l.get(), b.get()}) {
    CHECK(s->text == "def f():\n  x = '\xC3\xA9\xF0\x9F\x98\x80'\n");
    CHECK(s->warnings.empty());
    CHECK_FALSE(s->bom);
    REQUIRE(s->scope.sections.size() == 1);
  }
  CHECK(l->encoding == TextEncoding::kUtf16Le);
  CHECK(b->encoding == TextEncoding::kUtf16Be);
  CHECK(l->notes == std::vector<std::string>{"decoded from UTF-16LE (the file starts with the byte-order mark FF FE)"});

  SECTION("unpaired surrogates and a final odd byte are U+FFFD with one warning per line") {
    // LE units: 'a', U+D800 (unpaired), '\n', 'b', U+DC00 (unpaired), 'c', '\n', then the odd byte 'd'.
    const char raw[] =
        "\xFF\xFE"
        "a\0\x00\xD8"
        "\n\0"
        "b\0\x00\xDC"
        "c\0"
        "\n\0"
        "d";
    std::string bad(raw, sizeof raw - 1);
    auto s = MakeSnapshot("s", "txt", bad);
    CHECK(s->text ==
          "a\xEF\xBF\xBD\nb\xEF\xBF\xBD"
          "c\n\xEF\xBF\xBD");
    CHECK(s->warnings == std::vector<std::string>{"s line 1: invalid UTF-16 shown as \xEF\xBF\xBD (U+FFFD)",
                                                  "s line 2: invalid UTF-16 shown as \xEF\xBF\xBD (U+FFFD)",
                                                  "s line 3: invalid UTF-16 shown as \xEF\xBF\xBD (U+FFFD)"});
  }
}

TEST_CASE("snapshot: LacksNewline holds for the last line only", "[snapshot]") {
  auto s = MakeSnapshot("x", "txt", "a\nb\nc");
  CHECK_FALSE(s->LacksNewline(0));
  CHECK_FALSE(s->LacksNewline(1));
  CHECK(s->LacksNewline(2));
  auto t = MakeSnapshot("y", "txt", "c\nb\na\n");
  CHECK_FALSE(Snapshot::SameLine(*s, 2, *t, 0));  // "c" last without newline vs "c\n"
  CHECK(Snapshot::SameLine(*s, 1, *t, 1));
}

TEST_CASE("snapshot: the extension selects the scanner", "[snapshot]") {
  CHECK(MakeSnapshot("a", "py", "")->lang == ScopeLanguage::kPython);
  CHECK(MakeSnapshot("a", "mlir", "")->lang == ScopeLanguage::kMlir);
  CHECK(MakeSnapshot("a", "ll", "")->lang == ScopeLanguage::kLlvm);
  CHECK(MakeSnapshot("a", "cpp", "")->lang == ScopeLanguage::kC);
  CHECK(MakeSnapshot("a", "txt", "")->lang == ScopeLanguage::kNone);
  auto s = MakeSnapshot("01_after_A.py", "py", "import x\n\ndef f():\n    return 1\n");
  REQUIRE(s->scope.sections.size() == 1);
  CHECK(s->scope.sections[0].key == "f");
  CHECK(s->scope.sections[0].begin == 2);
  CHECK(s->scope.sections[0].end == 4);
}

TEST_CASE("snapshot: decoding warnings name the file and the 1-based line", "[snapshot]") {
  std::string bytes = std::string("ok\nbad \xFF\nok\n") + std::string("n\0l\n", 4) + "\xC3";
  auto s = MakeSnapshot("03_after_X.py", "py", bytes);
  CHECK(s->text == "ok\nbad \xEF\xBF\xBD\nok\nn\xE2\x90\x80l\n\xEF\xBF\xBD");
  CHECK(Lines(*s) == std::vector<std::string>{"ok", "bad \xEF\xBF\xBD", "ok", "n\xE2\x90\x80l", "\xEF\xBF\xBD"});
  REQUIRE(s->warnings.size() == 3);
  CHECK(s->warnings[0] == "03_after_X.py line 2: invalid UTF-8 shown as \xEF\xBF\xBD (U+FFFD)");
  CHECK(s->warnings[1] == "03_after_X.py line 4: NUL byte shown as \xE2\x90\x80 (U+2400)");
  CHECK(s->warnings[2] == "03_after_X.py line 5: invalid UTF-8 shown as \xEF\xBF\xBD (U+FFFD)");
}

TEST_CASE("snapshot: many bad lines are summarised after 20 warnings", "[snapshot]") {
  std::string bytes;
  for (int k = 0; k < 25; ++k) bytes += "\xFF\n";
  auto s = MakeSnapshot("f.txt", "txt", bytes);
  REQUIRE(s->warnings.size() == 21);
  CHECK(s->warnings[19] == "f.txt line 20: invalid UTF-8 shown as \xEF\xBF\xBD (U+FFFD)");
  CHECK(s->warnings[20] == "f.txt: 5 more lines with invalid UTF-8 or NUL bytes");
}

TEST_CASE("snapshot: LoadSnapshot reads the file - failures name it", "[snapshot]") {
  test::TempDir t;
  test::WriteFile(t / "01_after_A.py", "a\r\nb");
  auto s = LoadSnapshot("01_after_A.py", t / "01_after_A.py", "py");
  CHECK(s->name == "01_after_A.py");
  CHECK(s->text == "a\r\nb");
  CHECK(Lines(*s) == std::vector<std::string>{"a\r", "b"});
  CHECK_FALSE(s->eol);

  try {
    LoadSnapshot("02_after_B.py", t / "02_after_B.py", "py");
    FAIL("no error for a missing file");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kInput);
    CHECK(e.place() == ErrorPlace::kInInput);
    CHECK(std::string(e.what()) == "cannot open '02_after_B.py': No such file or directory");
  }
  try {
    LoadSnapshot("dir.py", t.path(), "py");
    FAIL("no error for a directory");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kInput);
    CHECK_THAT(e.what(), Catch::Contains("'dir.py'"));
  }
}

// ls lists a dangling link, so "No such file or directory" would mislead: the error says what it is.
TEST_CASE("snapshot: a dangling symbolic link, a loop or an unreadable file says why", "[snapshot]") {
  test::TempDir t;
  std::filesystem::create_symlink(t / "nowhere.py", t / "03_after_C.py");
  std::filesystem::create_symlink("01_after_L.log", t / "01_after_L.log");
  auto error_of = [](auto load) -> std::string {
    try {
      load();
    } catch (const Error& e) {
      CHECK(e.code() == ExitCode::kInput);
      return e.what();
    }
    FAIL("no error");
    return "";
  };
  CHECK(error_of([&] { LoadSnapshot("03_after_C.py", t / "03_after_C.py", "py"); }) ==
        "snapshot '03_after_C.py' is a dangling symbolic link");
  CHECK(error_of([&] { ReadTextFile("03_after_C.log", t / "03_after_C.py"); }) ==
        "log '03_after_C.log' is a dangling symbolic link");
  CHECK(error_of([&] { ReadTextFile("01_after_L.log", t / "01_after_L.log"); }) ==
        "cannot open '01_after_L.log': Too many levels of symbolic links");
  // A --codegen DIR's file is named by its path as given, not inside the dump.
  try {
    LoadSnapshot("kernels/k.cpp", t / "build/kernels/k.cpp", "cpp", ErrorPlace::kAsGiven);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.place() == ErrorPlace::kAsGiven);
    CHECK(std::string(e.what()) == "cannot open '" + (t / "build/kernels/k.cpp") + "': No such file or directory");
  }
}

TEST_CASE("snapshot: a file too large for memory is an error naming it", "[snapshot]") {
  // A sparse 4 TiB file: reserving its size fails at once under the kernel's default overcommit policy
  // (0: heuristic; 2: strict). With 1 (always) the reservation would succeed and reading would not end,
  // so the case runs only under 0 or 2, and only where the filesystem makes the file sparse.
  std::string policy;
  {
    std::ifstream f("/proc/sys/vm/overcommit_memory");
    f >> policy;
  }
  if (policy != "0" && policy != "2") return;
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer ends the process on an allocation over its limit instead of throwing bad_alloc.
  WARN("skipped under AddressSanitizer");
  return;
#endif
  test::TempDir t;
  std::string path = t / "01_after_Huge.py";
  test::WriteFile(path, "");
  std::error_code ec;
  std::filesystem::resize_file(path, 4ULL << 40, ec);
  if (ec) return;
  for (int k = 0; k < 2; ++k) {
    try {
      if (k == 0) LoadSnapshot("01_after_Huge.py", path, "py");
      if (k == 1) ReadTextFile("01_after_Huge.py", path);
      FAIL("no error for a 4 TiB file");
    } catch (const Error& e) {
      CHECK(e.code() == ExitCode::kInput);
      CHECK(std::string(e.what()) == "cannot read '01_after_Huge.py': too large to hold in memory");
    }
  }
}

TEST_CASE("snapshot: ReadTextFile decodes a log", "[snapshot]") {
  test::TempDir t;
  test::WriteFile(t / "01_after_A.log", "warning: \xFF\n");
  CHECK(ReadTextFile("01_after_A.log", t / "01_after_A.log") == "warning: \xEF\xBF\xBD\n");
  try {
    ReadTextFile("missing.log", t / "missing.log");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), Catch::Contains("'missing.log'"));
  }
}

}  // namespace
}  // namespace irtrace
