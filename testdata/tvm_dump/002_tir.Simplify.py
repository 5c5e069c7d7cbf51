# from tvm.script import tir as T

@T.prim_func
def add(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i_0 in range(16):
        for i_1 in range(4):
            B[i_0 * 4 + i_1] = A[i_0 * 4 + i_1] + T.float32(1)
