// affine loops with a #map alias (function dumps print the map inline); an invariant load for
// affine-loop-invariant-code-motion; a private helper inlined and deleted.
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0)[s0] -> (d0 * 2 + s0)>
module {
  func.func private @twice(%v: f32) -> f32 {
    %r = arith.addf %v, %v : f32
    return %r : f32
  }
  func.func @shift(%a: memref<100xf32>, %b: memref<100xf32>, %k: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    affine.for %i = 0 to 99 {
      %kv = affine.load %k[0] : memref<1xf32>
      %j = affine.apply #map(%i)
      %v = affine.load %a[%j] : memref<100xf32>
      %w = arith.mulf %v, %kv : f32
      %t = func.call @twice(%w) : (f32) -> f32
      affine.store %t, %b[%i] : memref<100xf32>
    }
    return
  }
  func.func @strided(%a: memref<300xf32>, %n: index) -> f32 {
    %zero = arith.constant 0.0 : f32
    %r = affine.for %i = 0 to 100 iter_args(%acc = %zero) -> (f32) {
      %j = affine.apply #map1(%i)[%n]
      %v = affine.load %a[%j] : memref<300xf32>
      %s = arith.addf %acc, %v : f32
      affine.yield %s : f32
    }
    return %r : f32
  }
  func.func @plain(%a: memref<8xf32>) {
    affine.for %i = 0 to 8 {
      %v = affine.load %a[%i] : memref<8xf32>
      affine.store %v, %a[%i] : memref<8xf32>
    }
    return
  }
}
