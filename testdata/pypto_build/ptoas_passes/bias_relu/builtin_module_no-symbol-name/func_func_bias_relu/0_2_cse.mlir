// -----// IR Dump After CSE (cse) ('func.func' operation: @bias_relu) //----- //
module {
  func.func @bias_relu(%arg0: memref<32x128xf32>, %arg1: memref<1x128xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c1 = arith.constant 1 : index
    scf.for %arg2 = %c0 to %c32 step %c8 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %0 = arith.addi %arg2, %arg3 : index
        scf.for %arg4 = %c0 to %c128 step %c1 {
          %1 = memref.load %arg0[%0, %arg4] : memref<32x128xf32>
          %2 = memref.load %arg1[%c0, %arg4] : memref<1x128xf32>
          %3 = arith.addf %1, %2 : f32
          %4 = arith.maximumf %3, %cst : f32
          memref.store %4, %arg0[%0, %arg4] : memref<32x128xf32>
        }
      }
    }
    return
  }
}


