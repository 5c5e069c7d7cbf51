# pypto.program: ScaleBias
import pypto.language as pl


@pl.program
class ScaleBias:
    """Scale each row, then add a bias and clamp at zero; written for ir-trace's PyPTO build directory."""

    @pl.function(type=pl.FunctionType.InCore)
    def scale_rows(self, x: pl.Tensor[[32, 128], pl.FP32], alpha: pl.Scalar[pl.FP32]) -> pl.Tensor[[32, 128], pl.FP32]:
        for r in pl.range(0, 32, 8):
            t_0: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [8, 128], [r, 0])
            x = pl.tile.store(pl.tile.mul(t_0, alpha), x, [r, 0])
        return x

    @pl.function(type=pl.FunctionType.InCore)
    def bias_relu(self, x: pl.Tensor[[32, 128], pl.FP32], b: pl.Tensor[[1, 128], pl.FP32]) -> pl.Tensor[[32, 128], pl.FP32]:
        v_0: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [1, 128], [0, 0])
        for r in pl.range(0, 32, 8):
            t_0: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [8, 128], [r, 0])
            x = pl.tile.store(pl.tile.relu(pl.tile.add(t_0, v_0)), x, [r, 0])
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 128], pl.FP32], b: pl.Tensor[[1, 128], pl.FP32]) -> pl.Tensor[[32, 128], pl.FP32]:
        x = self.scale_rows(x, 0.5)
        x = self.bias_relu(x, b)
        return x
