// -----// IR Dump After Canonicalizer (canonicalize) ('func.func' operation: @scale_rows) //----- //
module {
  func.func @scale_rows(%arg0: memref<32x128xf32>, %arg1: f32) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c32 = arith.constant 32 : index
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    scf.for %arg2 = %c0 to %c32 step %c8 {
      %0 = arith.mulf %arg1, %arg1 : f32
      scf.for %arg3 = %c0 to %c8 step %c1 {
        scf.for %arg4 = %c0 to %c128 step %c1 {
          %1 = arith.addi %arg2, %arg3 : index
          %2 = memref.load %arg0[%1, %arg4] : memref<32x128xf32>
          %3 = arith.mulf %2, %0 : f32
          memref.store %3, %arg0[%1, %arg4] : memref<32x128xf32>
        }
      }
    }
    return
  }
}


