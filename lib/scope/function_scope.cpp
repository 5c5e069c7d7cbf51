// Language selection and the dispatch to the per-format scanners (python_scope.cpp, mlir_scope.cpp,
// llvm_scope.cpp, c_scope.cpp).
#include "scope/function_scope.h"

#include <exception>

namespace irtrace {

bool IsCodegenExtension(std::string_view ext) {
  return ext == "cpp" || ext == "cc" || ext == "cu" || ext == "c" || ext == "h" || ext == "hpp" || ext == "hip" ||
         ext == "pto";
}

ScopeLanguage LanguageForExtension(std::string_view ext) {
  if (ext == "py" || ext == "tir") return ScopeLanguage::kPython;
  if (ext == "mlir") return ScopeLanguage::kMlir;
  if (ext == "ll") return ScopeLanguage::kLlvm;
  if (IsCodegenExtension(ext)) return ScopeLanguage::kC;
  return ScopeLanguage::kNone;
}

const char* LanguageName(ScopeLanguage lang) {
  switch (lang) {
    case ScopeLanguage::kPython: return "python";
    case ScopeLanguage::kMlir: return "mlir";
    case ScopeLanguage::kLlvm: return "llvm";
    case ScopeLanguage::kC: return "c";
    case ScopeLanguage::kNone: break;
  }
  return "text";
}

Scope SplitFunctions(ScopeLanguage lang, const LineIndex& lines) {
  // The scanners do not throw by design; the guard keeps the promise even on allocation failure.
  try {
    switch (lang) {
      case ScopeLanguage::kPython: return SplitPython(lines);
      case ScopeLanguage::kMlir: return SplitMlir(lines);
      case ScopeLanguage::kLlvm: return SplitLlvm(lines);
      case ScopeLanguage::kC: return SplitC(lines);
      case ScopeLanguage::kNone: break;
    }
    return Scope{};
  } catch (const std::exception& e) {
    Scope scope;
    scope.fallback = std::string("function scoping failed: ") + e.what();
    return scope;
  } catch (...) {
    Scope scope;
    scope.fallback = "function scoping failed";
    return scope;
  }
}

}  // namespace irtrace
