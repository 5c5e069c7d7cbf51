// C-like codegen (.cpp .cu .c .h .hip .pto): top-level function definitions by brace matching.
//
// A lexer drops comments, string/char literals and preprocessor lines and hands tokens to a brace
// tracker. At top level (inside nothing, or only inside namespace / extern "C" blocks, which are
// transparent) the tokens since the last `;`, `{` or `}` form the declaration in progress; when a `{`
// arrives it is classified: function definition (a section from the declaration's first token to the
// closing `}`), transparent block, or anything else (struct/class/enum bodies, `= {...}` initializers),
// whose contents are not looked at.
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
};

struct OpenBlock {
  Block kind;
  size_t line;   // line of the '{'
  size_t begin;  // first line of the declaration (functions)
  std::string key;
};

bool IsClassKey(std::string_view t) { return t == "struct" || t == "class" || t == "union" || t == "enum"; }

// Words that take a parenthesized argument without being the function's name.
bool IsNotAName(std::string_view t) {
  static constexpr std::string_view kWords[] = {
      "__attribute__", "__declspec", "alignas", "_Alignas", "__align__", "decltype", "noexcept", "throw",
      "sizeof", "alignof", "static_assert", "requires", "__launch_bounds__", "typeof", "__typeof__", "asm",
      "__asm__", "if", "for", "while", "switch", "return", "catch"};
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
      if (e < s.size() && s[e] == '"' && (word == "R" || word == "u8R" || word == "LR" || word == "uR" || word == "UR")) {
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
        } else if ((d == '+' || d == '-') && (s[e - 1] == 'e' || s[e - 1] == 'E' || s[e - 1] == 'p' || s[e - 1] == 'P')) {
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
    if (text == ";") return ResetDecl();
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
    if (opaque_ == 0) {
      bool body_next = !decl_.empty() && (decl_.back().text == ")" || after_init_brace_);
      if (depth_ > 0 || (ctor_init_ && !body_next)) {
        kind = Block::kInDecl;
      } else {
        kind = Classify(&key);
        if (!decl_.empty()) begin = decl_.front().line;
        ResetDecl();
      }
    }
    if (kind != Block::kTransparent) ++opaque_;
    blocks_.push_back(OpenBlock{kind, ln, begin, std::move(key)});
  }

  void CloseBrace(size_t ln) {
    if (blocks_.empty()) return out_->Fail(AtLine("unbalanced braces: unexpected '}'", ln));
    OpenBlock b = std::move(blocks_.back());
    blocks_.pop_back();
    if (b.kind != Block::kTransparent) --opaque_;
    if (b.kind == Block::kFunction) out_->Add(std::move(b.key), b.begin, ln + 1);
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
    size_t name = n;  // the name before the last parameter list
    for (size_t j = k; j < n; ++j) {
      const Token& t = decl_[j];
      if (t.depth != 0) continue;
      if (t.text == "=") return Block::kOther;  // initializer or lambda
      if (t.text == "->" || t.text == ":") break;  // trailing return type, constructor initializers
      if (t.text == "(" && j > k && decl_[j - 1].kind == TokKind::kIdent && !IsNotAName(decl_[j - 1].text)) {
        name = j - 1;
      }
    }
    if (name == n || (name > k && IsClassKey(decl_[name - 1].text))) return Block::kOther;
    *key = QualifiedName(k, name);
    return Block::kFunction;
  }

  // The name ending at decl_[name] with its qualifiers (`ns::C<T>::f`, `~C`, `operator bool`).
  std::string QualifiedName(size_t k, size_t name) const {
    size_t first = name;
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
