// LLVM `#N` / `!N` references compared by what they name (lib/input/llvm_refs.h) and the pass statuses and
// counts built on them (lib/diff/pass_diff.h DiffData::meaning, report/report_model.h): printer renumbering
// is never a change. Texts in opt-19's -print-module-scope / function-dump form.
#include "input/llvm_refs.h"

#include <catch2/catch.hpp>

#include <string>

#include "diff/pass_diff.h"
#include "report/report_model.h"

namespace irtrace {
namespace {

std::unique_ptr<Snapshot> Ll(const std::string& text) { return MakeSnapshot("x.ll", "ll", text); }

const FunctionDiff* Find(const PassDiff& d, const std::string& key) {
  for (const FunctionDiff& f : d.functions)
    if (f.key == key) return &f;
  return nullptr;
}

const char* kModuleBefore =
    "; ModuleID = 'x.c'\n"
    "\n"
    "; Function Attrs: nounwind\n"
    "define void @f(ptr %p) #0 {\n"
    "  store i32 1, ptr %p, align 4, !tbaa !2\n"
    "  ret void\n"
    "}\n"
    "\n"
    "; Function Attrs: nounwind\n"
    "define void @g(ptr %p) #0 {\n"
    "  store float 1.0, ptr %p, align 4, !tbaa !6\n"
    "  ret void\n"
    "}\n"
    "\n"
    "attributes #0 = { nounwind }\n"
    "\n"
    "!0 = !{i32 1, !\"wchar_size\", i32 4}\n"
    "!2 = !{!3, !3, i64 0}\n"
    "!3 = !{!\"int\", !4, i64 0}\n"
    "!4 = !{!\"omnipotent char\", !5, i64 0}\n"
    "!5 = !{!\"Simple C/C++ TBAA\"}\n"
    "!6 = !{!7, !7, i64 0}\n"
    "!7 = !{!\"float\", !4, i64 0}\n";

}  // namespace

TEST_CASE("llvm_refs: references and definitions are told from names", "[llvm_refs]") {
  CHECK(HasIrRef("  store i32 1, ptr %p, align 4, !tbaa !2"));
  CHECK(HasIrRef("define void @f() #0 {"));
  CHECK_FALSE(HasIrRef("  call void @llvm.dbg.value(metadata ptr %p), !dbg"));
  CHECK_FALSE(HasIrRef("@s = constant [3 x i8] c\"!a\\00\""));
  CHECK(IsIrRefDefinition("attributes #0 = { nounwind }"));
  CHECK(IsIrRefDefinition("!5 = !{!\"Simple C/C++ TBAA\"}"));
  CHECK_FALSE(IsIrRefDefinition("!llvm.module.flags = !{!0}"));
  CHECK(HoldsIrRefDefinitions(*Ll(kModuleBefore)));
  CHECK_FALSE(HoldsIrRefDefinitions(*Ll("define void @f() #0 {\n  ret void\n}\n")));
}

TEST_CASE("llvm_refs: a module pass that deletes a function renumbers the rest: only the deletion changed",
          "[llvm_refs]") {
  // GlobalDCE-like: f is gone, the printer renumbers g's node !6 -> !2 and its type node !7 -> !3.
  std::string after =
      "; ModuleID = 'x.c'\n"
      "\n"
      "; Function Attrs: nounwind\n"
      "define void @g(ptr %p) #0 {\n"
      "  store float 1.0, ptr %p, align 4, !tbaa !2\n"
      "  ret void\n"
      "}\n"
      "\n"
      "attributes #0 = { nounwind }\n"
      "\n"
      "!0 = !{i32 1, !\"wchar_size\", i32 4}\n"
      "!2 = !{!3, !3, i64 0}\n"
      "!3 = !{!\"float\", !4, i64 0}\n"
      "!4 = !{!\"omnipotent char\", !5, i64 0}\n"
      "!5 = !{!\"Simple C/C++ TBAA\"}\n";
  auto a = Ll(kModuleBefore), b = Ll(after);
  PassDiff d = DiffPass(*a, *b);
  REQUIRE(d.whole.meaning);
  REQUIRE(Find(d, "f"));
  CHECK(Find(d, "f")->status == FunctionStatus::kRemoved);
  // g's store line differs in its text only: listed as same, with its raw diff to show on request.
  REQUIRE(Find(d, "g"));
  CHECK(Find(d, "g")->status == FunctionStatus::kSame);
  CHECK(Find(d, "g")->diff.meaning);
  CHECK(Find(d, "g")->diff.meaning->Empty());
  CHECK_FALSE(Find(d, "g")->diff.script.Empty());
  // The definitions are compared through the references: the lines outside functions did not change.
  const FunctionDiff* top = Find(d, "");
  CHECK((top == nullptr || top->status == FunctionStatus::kSame));
  Entry e = MakePassEntry(1, "GlobalDCEPass", 0, 1, *b, std::move(d), "", "");
  CHECK(e.status == EntryStatus::kChanged);
  CHECK(e.ins <= 2);  // nothing new: at most the renumbered nodes the line diff matched the other way
}

TEST_CASE("llvm_refs: a function dump renumbered by the printer is a no-op", "[llvm_refs]") {
  // The same function printed in a function dump (its own numbering) after a module dump's cut.
  auto a =
      Ll("; Function Attrs: nounwind\ndefine void @g(ptr %p) #0 {\n  store float 1.0, ptr %p, align 4, !tbaa !6\n  ret "
         "void\n}\n");
  auto b =
      Ll("; Function Attrs: nounwind\ndefine void @g(ptr %p) #3 {\n  store float 1.0, ptr %p, align 4, !tbaa !17\n  "
         "ret void\n}\n");
  PassDiff d = DiffPass(*a, *b);
  REQUIRE(d.whole.meaning);
  CHECK(d.whole.meaning->Empty());
  Entry e = MakePassEntry(2, "InstCombinePass", 0, 1, *b, std::move(d), "", "");
  CHECK(e.status == EntryStatus::kNoop);
  CHECK(e.ins == 0);
  CHECK(e.del == 0);
}

TEST_CASE("llvm_refs: an attribute-only change belongs to its function, not to the lines outside", "[llvm_refs]") {
  // PostOrderFunctionAttrsPass in module scope: f gets a new group #1 (the same number text elsewhere would
  // not tell), its "; Function Attrs:" line changes; g keeps #0.
  std::string after = kModuleBefore;
  after.replace(after.find("; Function Attrs: nounwind\ndefine void @f(ptr %p) #0"),
                std::string("; Function Attrs: nounwind\ndefine void @f(ptr %p) #0").size(),
                "; Function Attrs: nounwind willreturn\ndefine void @f(ptr %p) #1");
  after.replace(after.find("attributes #0 = { nounwind }\n"), std::string("attributes #0 = { nounwind }\n").size(),
                "attributes #0 = { nounwind }\nattributes #1 = { nounwind willreturn }\n");
  auto a = Ll(kModuleBefore), b = Ll(after);
  PassDiff d = DiffPass(*a, *b);
  REQUIRE(Find(d, "f"));
  CHECK(Find(d, "f")->status == FunctionStatus::kChanged);
  CHECK(Find(d, "g") == nullptr);
  const FunctionDiff* top = Find(d, "");
  CHECK((top == nullptr || top->status == FunctionStatus::kSame));

  // In a function dump (no groups printed) the "; Function Attrs:" line alone tells it.
  auto fa = Ll("; Function Attrs: nounwind\ndefine void @f(ptr %p) #0 {\n  ret void\n}\n");
  auto fb = Ll("; Function Attrs: nounwind willreturn\ndefine void @f(ptr %p) #0 {\n  ret void\n}\n");
  PassDiff fd = DiffPass(*fa, *fb);
  REQUIRE(Find(fd, "f"));
  CHECK(Find(fd, "f")->status == FunctionStatus::kChanged);
  const FunctionDiff* ftop = Find(fd, "");
  CHECK((ftop == nullptr || ftop->status == FunctionStatus::kSame));
}

TEST_CASE("llvm_refs: a node whose contents change changes the functions naming it", "[llvm_refs]") {
  std::string after = kModuleBefore;
  after.replace(after.find("!7 = !{!\"float\""), std::string("!7 = !{!\"float\"").size(), "!7 = !{!\"double\"");
  PassDiff d = DiffPass(*Ll(kModuleBefore), *Ll(after));
  REQUIRE(Find(d, "g"));
  CHECK(Find(d, "g")->status == FunctionStatus::kChanged);
  CHECK(Find(d, "f") == nullptr);
}

// Canonical numbering looks a reference up by its number's value where that is exact: a leading zero or
// more than 9 digits is still its own reference, and the hashes kept in the snapshot are the same ones.
TEST_CASE("llvm_refs: canonical numbers of long and zero-led references, and hashes kept per snapshot", "[llvm_refs]") {
  auto a = Ll("define void @f() {\n  call void @g(), !x !7, !y !07\n  call void @g(), !x !12345678901\n}\n");
  auto b = Ll("define void @f() {\n  call void @g(), !x !3, !y !3\n  call void @g(), !x !12345678901\n}\n");
  auto c = Ll("define void @f() {\n  call void @g(), !x !5, !y !6\n  call void @g(), !x !99999999999\n}\n");
  std::vector<uint64_t> ha = IrRefKeyHashes(*a, IrRefMode::kCanonical), hb = IrRefKeyHashes(*b, IrRefMode::kCanonical),
                        hc = IrRefKeyHashes(*c, IrRefMode::kCanonical);
  CHECK(ha[1] != hb[1]);  // !7 and !07 are two references, as !5 and !6 are; !3 and !3 are one
  CHECK(ha[1] == hc[1]);
  CHECK(ha[2] == hc[2]);  // an 11-digit reference first seen on its line: the same canonical number
  std::shared_ptr<const std::vector<uint64_t>> kept = CachedIrRefKeyHashes(*a, IrRefMode::kCanonical);
  CHECK(*kept == ha);
  CHECK(CachedIrRefKeyHashes(*a, IrRefMode::kCanonical) == kept);  // the same vector, not computed again
  CHECK(*CachedIrRefKeyHashes(*a, IrRefMode::kByContent) == IrRefKeyHashes(*a, IrRefMode::kByContent));
}

}  // namespace irtrace
