// C-like codegen (.cpp .cu .c .h .hip .pto): top-level function definitions by brace matching.
//
// A lexer drops comments, string/char literals and preprocessor lines and hands tokens to a brace
// tracker. At top level (inside nothing, or only inside namespace / extern "C" blocks, which are
// transparent) the tokens since the last `;`, `{` or `}` form the declaration in progress; when a `{`
// arrives it is classified: function definition (a section from the declaration's first token to the
// closing `}`), transparent block, or anything else (struct/class/enum bodies, `= {...}` initializers),
// whose contents are not looked at.
//
// A definition, as the C grammar gives it (ISO C17 6.9.1 and Annex A.2.4; C++ [dcl.fct.def.general] adds
// attributes, virt-specifiers, a ctor-initializer and the function-try-block):
//
//   function-definition: declaration-specifiers declarator declaration-list(opt) compound-statement
//   declarator:          pointer(opt) direct-declarator
//   direct-declarator:   identifier | ( declarator ) | direct-declarator ( parameter-type-list ) | ...
//
// Accepted before the name: any declaration specifiers, attributes (`__attribute__((...))`, `[[...]]`,
// `__declspec(...)`, `alignas(...)`), CUDA/Ascend keywords and macros (`__global__`, `__aicore__`,
// `AICORE`, `__launch_bounds__(...)`), `template <...>` headers, a return-type macro with parentheses
// (`EXPORT(int) f(...)`). The name: an identifier, qualified (`ns::C<T>::f`, `~C`, `operator==`), an
// explicit specialization (`f<int>`), or inside a parenthesized declarator (`int (*f(int))(int)`, a
// function returning a function pointer). After the parameters: qualifiers, `noexcept(...)`, attributes,
// trailing macros (`f(...) MACRO(x)`), a trailing return type, `requires`, a constructor's initializer
// list, the body's `{` on a later line, and a function-try-block (`f() try { } catch (...) { }`, its
// handlers part of the function). Not accepted: K&R definitions (an identifier list and a
// declaration-list before the body; obsolescent, removed in C23), which stay outside.
#include <string>
#include <vector>

#include "scope/function_scope.h"
#include "scope/scope_scan.h"

namespace irtrace {
namespace {

enum class TokKind { kIdent, kNumber, kString, kPunct };

struct Token {
  std::string_view text;
  TokKind kind = TokKind::kPunct;
  size_t line = 0;
  int depth = 0;  // ( and [ nesting inside the declaration, before this token (after it for closers)
};

enum class Block {
  kTransparent,  // namespace, extern "C"
  kFunction,     // a section
  kOther,        // struct/enum bodies, initializers, nested blocks
  kInDecl,       // braces inside a declaration: default arguments, constructor brace-initializers
  kHandler,      // a `catch (...) { }` handler of a function-try-block: part of that function
};

struct OpenBlock {
  Block kind;
  size_t line;   // line of the '{'
  size_t begin;  // first line of the declaration (functions)
  std::string key;
  bool function_try = false;  // a function whose body is a function-try-block (`f() try {`)
};

// A function-try-block's function, closed but waiting for its `catch` handlers.
struct TriedFunction {
  bool set = false;
  std::string key;
  size_t begin = 0;
  size_t end = 0;  // one past the last line of the try block or handler so far
};

bool IsClassKey(std::string_view t) { return t == "struct" || t == "class" || t == "union" || t == "enum"; }

// Words that take a parenthesized argument without being the function's name.
bool IsNotAName(std::string_view t) {
  static constexpr std::string_view kWords[] = {"__attribute__",
                                                "__declspec",
                                                "alignas",
                                                "_Alignas",
                                                "__align__",
                                                "decltype",
                                                "noexcept",
                                                "throw",
                                                "sizeof",
                                                "alignof",
                                                "static_assert",
                                                "requires",
                                                "__launch_bounds__",
                                                "typeof",
                                                "__typeof__",
                                                "asm",
                                                "__asm__",
                                                "if",
                                                "for",
                                                "while",
                                                "switch",
                                                "return",
                                                "catch"};
  for (std::string_view w : kWords) {
    if (t == w) return true;
  }
  return false;
}

// Specifiers that say how a function is stored or inlined, never what it returns.
bool IsStorageOrFunctionSpecifier(std::string_view t) {
  static constexpr std::string_view kWords[] = {"static",        "extern",    "inline",    "__inline", "__inline__",
                                                "__forceinline", "constexpr", "consteval", "_Noreturn"};
  for (std::string_view w : kWords) {
    if (t == w) return true;
  }
  return false;
}

class CScanner {
 public:
  explicit CScanner(ScopeBuilder* out) : out_(out) {}

  // Lexes one line (without '\r').
  void Line(std::string_view s, size_t ln) {
    size_t i = 0;
    bool pp = pp_next_;
    pp_next_ = false;
    if (comment_open_) {
      size_t e = s.find("*/");
      if (e == std::string_view::npos) return;
      comment_open_ = false;
      i = e + 2;
    } else if (raw_open_) {
      size_t e = s.find(raw_end_);
      if (e == std::string_view::npos) return;
      raw_open_ = false;
      i = e + raw_end_.size();
    } else if (quote_open_ != 0) {
      char q = quote_open_;
      quote_open_ = 0;
      i = SkipQuoted(s, 0, q);
    }
    if (!pp) {
      size_t f = i;
      while (f < s.size() && IsBlankChar(s[f])) ++f;
      pp = f < s.size() && s[f] == '#';
    }
    if (pp && !s.empty() && s.back() == '\\') pp_next_ = true;  // splice before comments, as C does
    emit_ = !pp;
    while (i < s.size() && !out_->failed()) i = LexAt(s, i, ln);
  }

  // Reports what is still open at the end of the text.
  void End() {
    FlushTried();
    if (out_->failed()) return;
    if (comment_open_) return out_->Fail(AtLine("unterminated comment starting", open_line_));
    if (raw_open_) return out_->Fail(AtLine("unterminated raw string starting", open_line_));
    if (blocks_.empty()) return;
    const OpenBlock* shown = &blocks_.front();
    for (const OpenBlock& b : blocks_) {
      if (b.kind != Block::kTransparent) {
        shown = &b;
        break;
      }
    }
    out_->Fail(AtLine("unbalanced braces: '{' not closed", shown->line));
  }

 private:
  // Lexes the token (or blank, comment, literal) at s[i]; returns the index after it.
  size_t LexAt(std::string_view s, size_t i, size_t ln) {
    char c = s[i];
    char next = i + 1 < s.size() ? s[i + 1] : '\0';
    if (IsBlankChar(c)) return i + 1;
    if (c == '/' && next == '/') return s.size();
    if (c == '/' && next == '*') {
      size_t e = s.find("*/", i + 2);
      if (e != std::string_view::npos) return e + 2;
      comment_open_ = true;
      open_line_ = ln;
      return s.size();
    }
    if (c == '"' || c == '\'') {
      size_t e = SkipQuoted(s, i + 1, c);
      Emit(s.substr(i, e - i), TokKind::kString, ln);
      return e;
    }
    if (IsIdentStart(c)) {
      size_t e = i + 1;
      while (e < s.size() && IsIdentChar(s[e])) ++e;
      std::string_view word = s.substr(i, e - i);
      if (e < s.size() && s[e] == '"' &&
          (word == "R" || word == "u8R" || word == "LR" || word == "uR" || word == "UR")) {
        return LexRaw(s, i, e + 1, ln);
      }
      if (word == "operator") e = OperatorEnd(s, e);
      Emit(s.substr(i, e - i), TokKind::kIdent, ln);
      return e;
    }
    if (IsDigit(c) || (c == '.' && IsDigit(next))) {
      size_t e = i + 1;
      while (e < s.size()) {
        char d = s[e];
        if (IsIdentChar(d) || d == '.') {
          ++e;
        } else if (d == '\'' && e + 1 < s.size() && IsIdentChar(s[e + 1])) {
          e += 2;  // digit separator 1'000
        } else if ((d == '+' || d == '-') &&
                   (s[e - 1] == 'e' || s[e - 1] == 'E' || s[e - 1] == 'p' || s[e - 1] == 'P')) {
          ++e;
        } else {
          break;
        }
      }
      Emit(s.substr(i, e - i), TokKind::kNumber, ln);
      return e;
    }
    std::string_view two = s.substr(i, 2);
    if (two == "::" || two == "->" || two == "==" || two == "!=" || two == "<=" || two == ">=") {
      Emit(two, TokKind::kPunct, ln);
      return i + 2;
    }
    Emit(s.substr(i, 1), TokKind::kPunct, ln);
    return i + 1;
  }

  // Index after the literal whose opening quote precedes `i`; a backslash at the end of the line keeps
  // it open on the next one, otherwise an unterminated literal ends with its line.
  size_t SkipQuoted(std::string_view s, size_t i, char q) {
    for (; i < s.size(); ++i) {
      if (s[i] == '\\') {
        if (i + 1 == s.size()) {
          quote_open_ = q;
          return s.size();
        }
        ++i;
      } else if (s[i] == q) {
        return i + 1;
      }
    }
    return s.size();
  }

  // Raw string R"delim( ... )delim"; `open` indexes the character after the quote.
  size_t LexRaw(std::string_view s, size_t start, size_t open, size_t ln) {
    size_t paren = s.find('(', open);
    if (paren == std::string_view::npos || paren - open > 16) {
      size_t e = SkipQuoted(s, open, '"');  // not a valid raw string: treat as a plain one
      Emit(s.substr(start, e - start), TokKind::kString, ln);
      return e;
    }
    raw_end_ = ")" + std::string(s.substr(open, paren - open)) + "\"";
    size_t e = s.find(raw_end_, paren + 1);
    Emit(s.substr(start, 1), TokKind::kString, ln);
    if (e != std::string_view::npos) return e + raw_end_.size();
    raw_open_ = true;
    open_line_ = ln;
    return s.size();
  }

  // `operator()`, `operator[]`, `operator+=` ... become one name token; `e` indexes after "operator".
  static size_t OperatorEnd(std::string_view s, size_t e) {
    size_t p = e;
    while (p < s.size() && IsBlankChar(s[p])) ++p;
    if (p + 1 < s.size() && ((s[p] == '(' && s[p + 1] == ')') || (s[p] == '[' && s[p + 1] == ']'))) return p + 2;
    constexpr std::string_view kOps = "+-*/%^&|~!=<>,";
    size_t q = p;
    while (q < s.size() && kOps.find(s[q]) != std::string_view::npos) ++q;
    return q > p ? q : e;
  }

  void Emit(std::string_view text, TokKind kind, size_t ln) {
    if (!emit_) return;  // preprocessor line
    if (text == "{") return OpenBrace(ln);
    if (text == "}") return CloseBrace(ln);
    if (opaque_ > 0) return;
    if (text == ";") {
      FlushTried();
      return ResetDecl();
    }
    Token t{text, kind, ln, depth_};
    if (text == "(" || text == "[") {
      ++depth_;
    } else if (text == ")" || text == "]") {
      depth_ = depth_ > 0 ? depth_ - 1 : 0;
      t.depth = depth_;
      if (depth_ == 0) seen_params_ = true;
    } else if (text == ":" && depth_ == 0 && seen_params_) {
      ctor_init_ = true;
    }
    after_init_brace_ = false;
    decl_.push_back(t);
  }

  void ResetDecl() {
    decl_.clear();
    depth_ = 0;
    seen_params_ = ctor_init_ = after_init_brace_ = false;
  }

  void OpenBrace(size_t ln) {
    Block kind = Block::kOther;
    std::string key;
    size_t begin = ln;
    bool function_try = false;
    if (opaque_ == 0) {
      bool body_next = !decl_.empty() && (decl_.back().text == ")" || after_init_brace_);
      if (depth_ > 0 || (ctor_init_ && !body_next)) {
        kind = Block::kInDecl;
      } else if (tried_.set && !decl_.empty() && decl_.front().text == "catch") {
        kind = Block::kHandler;
        ResetDecl();
      } else {
        FlushTried();
        kind = Classify(&key);
        function_try = kind == Block::kFunction && HasTry();
        if (!decl_.empty()) begin = decl_.front().line;
        ResetDecl();
      }
    }
    if (kind != Block::kTransparent) ++opaque_;
    blocks_.push_back(OpenBlock{kind, ln, begin, std::move(key), function_try});
  }

  // True when the declaration in progress has `try` at depth 0: a function-try-block follows.
  bool HasTry() const {
    for (const Token& t : decl_) {
      if (t.depth == 0 && t.text == "try") return true;
    }
    return false;
  }

  // Adds the function-try-block's function waiting for more handlers, if any.
  void FlushTried() {
    if (!tried_.set) return;
    tried_.set = false;
    out_->Add(std::move(tried_.key), tried_.begin, tried_.end);
  }

  void CloseBrace(size_t ln) {
    if (blocks_.empty()) return out_->Fail(AtLine("unbalanced braces: unexpected '}'", ln));
    OpenBlock b = std::move(blocks_.back());
    blocks_.pop_back();
    if (b.kind != Block::kTransparent) --opaque_;
    if (b.kind == Block::kTransparent) FlushTried();
    if (b.kind == Block::kFunction && b.function_try) {
      tried_ = TriedFunction{true, std::move(b.key), b.begin, ln + 1};
    } else if (b.kind == Block::kFunction) {
      out_->Add(std::move(b.key), b.begin, ln + 1);
    } else if (b.kind == Block::kHandler) {
      tried_.end = ln + 1;
    }
    if (opaque_ > 0) return;
    if (b.kind == Block::kInDecl) {
      after_init_brace_ = true;  // the declaration goes on: `: a{1}, b{2} {`
    } else {
      ResetDecl();
    }
  }

  // What the top-level `{` ending decl_ opens; sets `key` for a function.
  Block Classify(std::string* key) const {
    size_t n = decl_.size();
    if (n == 0) return Block::kOther;
    if (decl_[0].text == "namespace" || (n > 1 && decl_[0].text == "inline" && decl_[1].text == "namespace")) {
      return Block::kTransparent;
    }
    if (n == 2 && decl_[0].text == "extern" && decl_[1].kind == TokKind::kString) return Block::kTransparent;
    size_t k = 0;  // first token after `template <...>` headers
    while (k + 1 < n && decl_[k].text == "template" && decl_[k + 1].text == "<") {
      int angles = 0;
      for (k += 1; k < n; ++k) {
        if (decl_[k].text == "<") ++angles;
        if (decl_[k].text == ">" && --angles == 0) break;
      }
      ++k;
    }
    size_t name = FindName(k);
    if (name >= n || (name > k && IsClassKey(decl_[name - 1].text))) return Block::kOther;
    *key = QualifiedName(k, name);
    return Block::kFunction;
  }

  // The declarator's name in decl_[k, n): the index of its last token (the identifier, or the `>` that
  // closes an explicit specialization's template arguments, `f<int>`); n when there is none, n + 1 for
  // an initializer (`= ...`: not a function). The name stands before a parameter list at depth 0. A
  // later `name(...)` replaces an earlier one when it does not directly follow a `)` (after any trailing
  // qualifiers), `MACRO(x) void f(...)` is `f` but `void f(...) const MACRO(x)` stays `f`; or when the
  // earlier one has no type before it, so cannot be a name (`EXPORT(int) f(...)` is `f`). A list that
  // opens with `(*`, `(&` or `(^` is a parenthesized declarator, `int (*f(int))(int)`: the name is inside.
  size_t FindName(size_t k) const {
    size_t n = decl_.size();
    size_t name = n;
    bool untyped = false;  // the name found so far has only storage-class and function specifiers before it
    size_t lead = k;       // the first token that is not such a specifier
    while (lead < n && IsStorageOrFunctionSpecifier(decl_[lead].text)) ++lead;
    for (size_t j = k + 1; j < n; ++j) {
      const Token& t = decl_[j];
      if (t.depth != 0) continue;
      if (t.text == "=") return n + 1;               // initializer or lambda
      if (t.text == "->" || t.text == ":") break;  // trailing return type, constructor initializers
      if (t.text != "(") continue;
      bool nested = j + 1 < n && (decl_[j + 1].text == "*" || decl_[j + 1].text == "&" || decl_[j + 1].text == "^");
      size_t candidate = nested && !IsNotAName(decl_[j - 1].text) ? NameInside(j) : NameBefore(j, k);
      if (candidate < n && (name == n || untyped || !FollowsGroup(NameStart(candidate, k), k))) {
        name = candidate;
        untyped = NameStart(candidate, k) == lead;
      }
    }
    return name;
  }

  // The name whose last token is just before the `(` at decl_[j], or n: an identifier that is no keyword
  // taking parentheses, or an identifier's template arguments (`f<int>`, at most 64 tokens long).
  size_t NameBefore(size_t j, size_t k) const {
    const Token& prev = decl_[j - 1];
    if (prev.kind == TokKind::kIdent) return IsNotAName(prev.text) ? decl_.size() : j - 1;
    if (prev.text != ">") return decl_.size();
    size_t open = NameStart(j - 1, k);
    return open < j - 1 && decl_[open].kind == TokKind::kIdent && !IsNotAName(decl_[open].text) ? j - 1 : decl_.size();
  }

  // Inside the parenthesized declarator opened at decl_[j]: the first identifier followed by `(`, or n.
  size_t NameInside(size_t j) const {
    for (size_t i = j + 1; i + 1 < decl_.size() && decl_[i].depth > 0; ++i) {
      if (decl_[i].kind == TokKind::kIdent && decl_[i + 1].text == "(" && !IsNotAName(decl_[i].text)) return i;
    }
    return decl_.size();
  }

  // The first token of the name ending at decl_[last]: for `f<...>` the `f` (searching back at most 64
  // tokens, never before k), else `last` itself.
  size_t NameStart(size_t last, size_t k) const {
    if (decl_[last].text != ">") return last;
    int angles = 0;
    for (size_t p = last; p > k && last - p < 64; --p) {
      if (decl_[p].text == ">") ++angles;
      if (decl_[p].text == "<" && --angles == 0) return p - 1;
    }
    return last;
  }

  // True when decl_[first] comes right after a `)`, with only trailing qualifiers between.
  bool FollowsGroup(size_t first, size_t k) const {
    static constexpr std::string_view kTrailing[] = {"const",    "volatile", "&",     "&&",
                                                     "noexcept", "override", "final", "mutable"};
    size_t p = first;
    while (p > k) {
      std::string_view t = decl_[p - 1].text;
      bool trailing = false;
      for (std::string_view w : kTrailing) trailing = trailing || t == w;
      if (!trailing) return t == ")";
      --p;
    }
    return false;
  }

  // The name ending at decl_[name] with its qualifiers (`ns::C<T>::f`, `~C`, `operator bool`).
  std::string QualifiedName(size_t k, size_t name) const {
    size_t first = NameStart(name, k);
    if (first > k && (decl_[first - 1].text == "operator" || decl_[first - 1].text == "~")) --first;
    while (first >= k + 2 && decl_[first - 1].text == "::") {
      size_t p = first - 2;
      if (decl_[p].text == ">") {
        int angles = 0;
        for (;; --p) {
          if (decl_[p].text == ">") ++angles;
          if (decl_[p].text == "<" && --angles == 0) break;
          if (p == k) break;
        }
        if (angles != 0 || p == k) break;
        --p;
      }
      if (decl_[p].kind != TokKind::kIdent) break;
      first = p;
    }
    if (first > k && decl_[first - 1].text == "::") --first;  // `::f`
    std::string out;
    for (size_t j = first; j <= name; ++j) {
      bool word = decl_[j].kind == TokKind::kIdent || decl_[j].kind == TokKind::kNumber;
      if (word && !out.empty() && IsIdentChar(out.back())) out += ' ';
      for (char c : decl_[j].text) {
        if (!IsBlankChar(c)) out += c;
      }
    }
    return out;
  }

  ScopeBuilder* out_;
  // Lexer state carried across lines.
  bool comment_open_ = false;
  bool raw_open_ = false;
  std::string raw_end_;    // `)delim"` closing the open raw string
  char quote_open_ = 0;    // literal continued by a backslash-newline
  size_t open_line_ = 0;   // where the open comment or raw string started
  bool pp_next_ = false;   // the next line continues a preprocessor directive
  bool emit_ = true;       // false on preprocessor lines
  // Brace tracking.
  std::vector<OpenBlock> blocks_;
  TriedFunction tried_;  // a function-try-block's function, until its last handler
  size_t opaque_ = 0;      // open blocks that are not transparent
  std::vector<Token> decl_;
  int depth_ = 0;
  bool seen_params_ = false;      // a ( ) group closed at depth 0
  bool ctor_init_ = false;        // `) :` seen: constructor initializer list
  bool after_init_brace_ = false; // the last thing was a brace-initializer's `}`
};

}  // namespace

Scope SplitC(const LineIndex& lines) {
  ScopeBuilder out;
  CScanner scanner(&out);
  for (size_t ln = 0; ln < lines.size() && !out.failed(); ++ln) scanner.Line(StripCr(lines[ln]), ln);
  scanner.End();
  return out.Finish();
}

}  // namespace irtrace
