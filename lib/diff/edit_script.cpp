#include "diff/edit_script.h"

namespace irtrace {

uint64_t EditScript::Inserted() const {
  uint64_t n = 0;
  ForEachBlock(*this, [&n](const EditBlock& b) { n += b.ins; });
  return n;
}

uint64_t EditScript::Deleted() const {
  uint64_t n = 0;
  ForEachBlock(*this, [&n](const EditBlock& b) { n += b.del; });
  return n;
}

}  // namespace irtrace
