// Private helpers the inliner inlines and symbol-dce deletes (one called twice, one never called, one
// calling another); an invariant computation loop-invariant-code-motion hoists out of an scf.for.
module {
  func.func private @sq(%x: i32) -> i32 {
    %r = arith.muli %x, %x : i32
    return %r : i32
  }
  func.func private @sum_sq(%a: i32, %b: i32) -> i32 {
    %x = func.call @sq(%a) : (i32) -> i32
    %y = func.call @sq(%b) : (i32) -> i32
    %r = arith.addi %x, %y : i32
    return %r : i32
  }
  func.func private @dead(%x: i32) -> i32 {
    %c = arith.constant 7 : i32
    %r = arith.addi %x, %c : i32
    return %r : i32
  }
  func.func @norm(%a: i32, %b: i32) -> i32 {
    %r = func.call @sum_sq(%a, %b) : (i32, i32) -> i32
    %s = func.call @sq(%r) : (i32) -> i32
    return %s : i32
  }
  func.func @accumulate(%m: memref<32xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c32 step %c1 {
      %kk = arith.muli %k, %k : i32
      %kk2 = arith.muli %k, %k : i32
      %v = memref.load %m[%i] : memref<32xi32>
      %s = arith.addi %v, %kk : i32
      %t = arith.addi %s, %kk2 : i32
      memref.store %t, %m[%i] : memref<32xi32>
    }
    return
  }
}
