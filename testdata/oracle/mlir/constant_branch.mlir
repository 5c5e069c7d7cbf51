// A constant branch SCCP folds (cf.cond_br on a constant), an scf.if on a constant that
// convert-scf-to-cf lowers when canonicalize has not folded it, and redundant ops for CSE.
module {
  func.func private @pick(%c: i1, %a: i32, %b: i32) -> i32 {
    %r = arith.select %c, %a, %b : i32
    return %r : i32
  }
  func.func @branch(%v: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %eq = arith.cmpi eq, %c1, %c2 : i32
    cf.cond_br %eq, ^bb1, ^bb2
  ^bb1:
    %a = arith.addi %v, %c1 : i32
    return %a : i32
  ^bb2:
    %b = arith.muli %v, %c2 : i32
    return %b : i32
  }
  func.func @loop_if(%m: memref<8xi32>, %flag: i1) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %m[%i] : memref<8xi32>
      %w = scf.if %flag -> (i32) {
        %x = arith.addi %v, %one : i32
        %y = arith.addi %v, %one : i32
        %z = arith.muli %x, %y : i32
        scf.yield %z : i32
      } else {
        scf.yield %v : i32
      }
      %p = func.call @pick(%flag, %w, %v) : (i1, i32, i32) -> i32
      memref.store %p, %m[%i] : memref<8xi32>
    }
    return
  }
}
