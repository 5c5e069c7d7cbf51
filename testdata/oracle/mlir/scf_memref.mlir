// scf loops over memrefs; redundant ops for CSE; a private helper the inliner inlines and symbol-dce
// deletes; a constant condition for SCCP and canonicalize.
module {
  func.func private @scale(%x: f32, %k: f32) -> f32 {
    %r = arith.mulf %x, %k : f32
    return %r : f32
  }
  func.func @saxpy(%a: f32, %x: memref<64xf32>, %y: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %c1b = arith.constant 1 : index
    scf.for %i = %c0 to %c64 step %c1 {
      %xv = memref.load %x[%i] : memref<64xf32>
      %yv = memref.load %y[%i] : memref<64xf32>
      %p = func.call @scale(%xv, %a) : (f32, f32) -> f32
      %s = arith.addf %p, %yv : f32
      memref.store %s, %y[%i] : memref<64xf32>
    }
    scf.for %j = %c0 to %c64 step %c1b {
      %v = memref.load %y[%j] : memref<64xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %y[%j] : memref<64xf32>
    }
    return
  }
  func.func @redundant(%m: memref<16xi32>, %i: index) -> i32 {
    %a = memref.load %m[%i] : memref<16xi32>
    %b = memref.load %m[%i] : memref<16xi32>
    %s1 = arith.addi %a, %b : i32
    %s2 = arith.addi %a, %b : i32
    %r = arith.muli %s1, %s2 : i32
    return %r : i32
  }
  func.func @branchy(%v: i32) -> i32 {
    %true = arith.constant true
    %one = arith.constant 1 : i32
    %r = scf.if %true -> (i32) {
      %t = arith.addi %v, %one : i32
      scf.yield %t : i32
    } else {
      scf.yield %v : i32
    }
    return %r : i32
  }
  func.func @untouched(%v: i32) -> i32 {
    return %v : i32
  }
}
