module {
  func.func @add_kernel(%a: i32, %b: i32) -> i32 {
    %0 = arith.addi %a, %b : i32 loc("add.py":3:8)
    %1 = arith.addi %a, %b : i32 loc("add.py":4:8)
    %c0 = arith.constant 0 : i32 loc("add.py":5:8)
    %2 = arith.addi %1, %c0 : i32 loc("add.py":5:12)
    %3 = arith.muli %0, %2 : i32 loc("add.py":6:8)
    %c2 = arith.constant 2 : i32 loc("add.py":7:8)
    %4 = arith.muli %3, %c2 : i32 loc("add.py":7:12)
    return %4 : i32 loc("add.py":8:4)
  } loc("add.py":2:0)
} loc("add.py":1:0)
