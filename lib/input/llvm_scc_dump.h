// The functions an LLVM call-graph SCC pass's dump is about. LLVM 19's StandardInstrumentations names the
// SCC in the banner as it stood before the pass ("; *** IR Dump After InlinerPass on (pong, ping) ***") but
// prints the functions of the SCC as it stands after it: a pass that splits the SCC (the inliner inlining
// `ping` into `pong` breaks their cycle) prints only `pong`, and `ping`, still defined, is in another SCC
// now, its text unchanged by this dump. Read from real opt-19 and clang-19 `-print-after-all` output.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// Takes the keys of the functions an SCC banner names (`named`, in its order; as IrKey gives them) and the
// dump's text. Returns the keys of the functions the dump is the text of: those of `named` it defines, in
// `named`'s order, then those it defines that `named` does not name, in the text's order. A named function
// the dump does not define is left out (its text stays as the log last printed it; whether the pass deleted
// it the dump cannot say: input/llvm_log_notes.h). When the text defines none of them, `named` itself.
std::vector<std::string> SccDumpUnits(const std::vector<std::string>& named, const std::string& text);

}  // namespace irtrace
