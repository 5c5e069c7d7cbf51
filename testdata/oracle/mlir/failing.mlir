// A pipeline that fails: its last canonicalize runs one iteration with test-convergence, so it fails on
// any function it still changes (--mlir-print-ir-after-failure prints the IR it failed on); before it,
// CSE, the inliner and symbol-dce have work to do.
module {
  func.func private @id(%x: i32) -> i32 {
    return %x : i32
  }
  func.func @twice(%x: i32) -> i32 {
    %a = func.call @id(%x) : (i32) -> i32
    %b = arith.addi %a, %a : i32
    %c = arith.addi %a, %a : i32
    %d = arith.muli %b, %c : i32
    return %d : i32
  }
  func.func @fold(%x: i32) -> i32 {
    %zero = arith.constant 0 : i32
    %a = arith.addi %x, %x : i32
    %b = arith.addi %x, %x : i32
    %r = arith.muli %a, %b : i32
    %s = arith.addi %r, %zero : i32
    return %s : i32
  }
}
