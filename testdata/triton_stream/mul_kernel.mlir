module {
  func.func @mul_kernel(%x: i32, %y: i32) -> i32 {
    %c1 = arith.constant 1 : i32 loc("mul.py":3:8)
    %0 = arith.muli %x, %c1 : i32 loc("mul.py":4:8)
    %1 = arith.muli %0, %y : i32 loc("mul.py":5:8)
    %2 = arith.muli %0, %y : i32 loc("mul.py":6:8)
    %3 = arith.subi %1, %2 : i32 loc("mul.py":7:8)
    %c8 = arith.constant 8 : i32 loc("mul.py":8:8)
    %4 = arith.muli %x, %c8 : i32 loc("mul.py":8:12)
    %5 = arith.addi %3, %4 : i32 loc("mul.py":8:16)
    return %5 : i32 loc("mul.py":9:4)
  } loc("mul.py":2:0)
  llvm.func internal @mul_helper(%v: i32) -> i32 {
    llvm.return %v : i32
  } loc("mul.py":10:0)
} loc("mul.py":1:0)
