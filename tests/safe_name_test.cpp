// Names from the compiler made safe for the trace directory (lib/record/safe_name.h): nothing leaves the
// directory, hides, or breaks the dump contract; different names stay different.
#include "record/safe_name.h"

#include <catch2/catch.hpp>

#include <string>

namespace irtrace {
namespace {

TEST_CASE("safe_name: a directory name never leaves, hides or is empty", "[safe_name]") {
  CHECK(SafeDirName("softmax") == "softmax");
  CHECK(SafeDirName("attn<64, 128>") == "attn<64, 128>");
  CHECK(SafeDirName("..") == "%2E.");
  CHECK(SafeDirName(".") == "%2E");
  CHECK(SafeDirName(".hidden") == "%2Ehidden");
  CHECK(SafeDirName("../../etc") == "%2E.%2F..%2Fetc");
  CHECK(SafeDirName("/abs/path") == "%2Fabs%2Fpath");
  CHECK(SafeDirName(std::string("a\0b", 3)) == "a%00b");
  CHECK(SafeDirName("a\nb\\c%d") == "a%0Ab%5Cc%25d");
  CHECK(SafeDirName("") == "%00");
  CHECK(SafeDirName("a/b") != SafeDirName("a%2Fb"));  // '%' escaped too: no two names meet
}

TEST_CASE("safe_name: names over 200 bytes keep 183 and a hash", "[safe_name]") {
  std::string longer(300, 'k');
  std::string s = SafeDirName(longer);
  CHECK(s.size() == 200);
  CHECK(s.substr(0, 183) == std::string(183, 'k'));
  CHECK(s[183] == '~');
  CHECK(SafeDirName(longer + "x") != s);
  // A cut never splits a %XX: the escape is dropped whole.
  std::string slashes = std::string(182, 'a') + "//////////";
  std::string cut = SafeDirName(slashes);
  CHECK(cut.substr(0, 183) == std::string(182, 'a') + "~");
  CHECK(cut.size() == 199);
  CHECK(SafePassName(std::string(250, '/')).size() <= 200);
}

TEST_CASE("safe_name: pass names keep a leading dot - extensions follow the dump contract", "[safe_name]") {
  CHECK(SafePassName("..") == "..");  // after "NN_after_": cannot be a path component of its own
  CHECK(SafePassName("../x") == "..%2Fx");
  CHECK(SafePassName("RequireAnalysisPass<llvm::GlobalsAA, llvm::Module>") ==
        "RequireAnalysisPass<llvm::GlobalsAA, llvm::Module>");
  CHECK(SafePassName("") == "%00");
  CHECK(SafeExtension("py") == "py");
  CHECK(SafeExtension("mlir") == "mlir");
  CHECK(SafeExtension("") == "txt");
  CHECK(SafeExtension(".py") == "txt");
  CHECK(SafeExtension("../x") == "txt");
  CHECK(SafeExtension("log") == "txt");  // a pass's diagnostics, never a snapshot
  CHECK(SafeExtension(std::string(17, 'a')) == "txt");
}

TEST_CASE("safe_name: phase names are one line of at most 200 bytes", "[safe_name]") {
  CHECK(SafePhaseName("lowering") == "lowering");
  CHECK(SafePhaseName("a\tb\nc\rd") == "a b c d");
  std::string utf8;
  for (int i = 0; i < 150; ++i) utf8 += "\xc3\xa9";  // 300 bytes of "é"
  std::string cut = SafePhaseName(utf8);
  CHECK(cut.size() == 200);
  CHECK(SafePhaseName("x" + utf8).size() == 199);  // not cut inside a character
}

TEST_CASE("safe_name: a source's file name never meets another's siblings or the report", "[safe_name]") {
  CHECK(SafeSourceName("kernel.cpp") == "kernel.cpp");
  CHECK(SafeSourceName("../kernel.cpp") == "%2E.%2Fkernel.cpp");
  CHECK(SafeSourceName(".lock") == "%2Elock");
  CHECK(SafeSourceName(".runs") == "%2Eruns");
  CHECK(SafeSourceName("") == "%00");
  // Each sibling of "kernel.cpp" is a different file name when given as a name of its own.
  CHECK(SafeSourceName("kernel.cpp.original") == "kernel.cpp%2Eoriginal");
  CHECK(SafeSourceName("kernel.cpp.latest") == "kernel.cpp%2Elatest");
  CHECK(SafeSourceName("kernel.cpp.bak.12") == "kernel.cpp%2Ebak.12");
  CHECK(SafeSourceName("kernel.cpp.original.bak.1") == "kernel.cpp.original%2Ebak.1");
  CHECK(SafeSourceName("report.html") == "report%2Ehtml");
  CHECK(SafeSourceName("kernel.bak.cpp") == "kernel.bak.cpp");  // not a sibling's ending
  CHECK(SafeSourceName("x.bak.") == "x.bak.");
  CHECK(SafeSourceName("kernel.cpp%2Eoriginal") == "kernel.cpp%252Eoriginal");
  std::string longer = SafeSourceName(std::string(300, 's') + ".original");
  CHECK(longer.size() == 200);
  CHECK(longer.find(".original") == std::string::npos);
}

TEST_CASE("safe_name: printable text escapes control bytes and backslashes", "[safe_name]") {
  CHECK(PrintableText("kernel.cpp") == "kernel.cpp");
  CHECK(PrintableText("a\nb\x1b[31m\\") == "a\\x0Ab\\x1B[31m\\x5C");
}

}  // namespace
}  // namespace irtrace
