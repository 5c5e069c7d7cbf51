# pypto.program: TileSoftmax
import pypto.language as pl


@pl.program
class TileSoftmax:
    """Row softmax over a [64, 512] tile, written for ir-trace's sample dump."""

    @pl.function(type=pl.FunctionType.InCore)
    def softmax_rows(self, x: pl.Tensor[[64, 512], pl.FP32], out: pl.Tensor[[64, 512], pl.FP32]) -> pl.Tensor[[64, 512], pl.FP32]:
        for r in pl.range(0, 64, 16):
            t = pl.tile.load(x, [16, 512], [r, 0])
            m = pl.tile.row_max(t)
            e = pl.tile.exp(pl.tile.sub(t, m))
            s = pl.tile.row_sum(e)
            y = pl.tile.div(e, s)
            out = pl.tile.store(y, out, [r, 0])
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[64, 512], pl.FP32], alpha: pl.Scalar[pl.FP32]) -> pl.Tensor[[64, 512], pl.FP32]:
        for r in pl.range(0, 64, 16):
            t = pl.tile.load(x, [16, 512], [r, 0])
            x = pl.tile.store(pl.tile.mul(t, alpha), x, [r, 0])
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 512], pl.FP32], out: pl.Tensor[[64, 512], pl.FP32]) -> pl.Tensor[[64, 512], pl.FP32]:
        x = self.scale(x, 0.125)
        out = self.softmax_rows(x, out)
        return out
