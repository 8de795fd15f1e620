//===- GemmKernel.h - Shared parts of the GEMM kernel builder ---*- C++ -*-===//
//
// What the components of the GEMM kernel builder share (internal to
// lib/Conversion): the builder state, the per-kernel values every component
// reads (Tile), the A tile's shared-memory swizzle, and the functions one
// component's file calls in another's. The components:
//   MmaSyncKernel.cpp  global -> shared loaders, the software pipeline, the
//                      unit schedulers, the kernel entry (buildMmaSyncKernel)
//   GemmDecode.cpp     code loads, decode and dequant into MMA operands
//   GemmCompute.cpp    one loop iteration's MMAs (mma.sync, wgmma), group
//                      scales on per-group sums
//   GemmUnitEnd.cpp    the end of a unit: warp-K sums, split-K partials and
//                      their reduction (workspace or cluster)
//   GemmEpilogue.cpp   the epilogue: channel scale, bias, conversion, the
//                      output stores (plain, or staged through shared memory)
//   WgmmaPipeline.cpp  the warp-specialized pipeline of the wgmma kernels
//                      (producer warpgroup, per-stage mbarriers)
//   RegisterStreamUnit.cpp  the register-stream loop of the swapped
//                      mma.sync kernels (no shared-memory stages)
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_LIB_CONVERSION_GEMMKERNEL_H
#define HUMMING_LIB_CONVERSION_GEMMKERNEL_H

#include "humming/Conversion/MmaSyncKernel.h"
#include "humming/Kernel/GemmPlan.h"
#include "humming/Kernel/KernelLayout.h"
#include "humming/Target/Capability.h"

#include "KernelEmitter.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace humming::detail::gemm {

using namespace mlir;
using namespace humming::kernel;

/// The GEMM builder's state: the common helpers plus the kernel's spec.
struct Emitter : humming::detail::Emitter {
  const MmaSyncKernelSpec &spec;
  /// groupScaleBlocks of the kernel: 0, group scales in the B fragment; n,
  /// on the fp32 sums of n k-blocks.
  const int64_t groupScaleBlocks;
  Emitter(OpBuilder &b, Location loc, const MmaSyncKernelSpec &spec)
      : humming::detail::Emitter(b, loc, spec.problem), spec(spec),
        groupScaleBlocks(kernel::groupScaleBlocks(spec.tile, spec.problem)) {}
  /// Global -> shared copies. On sm_80+ a copy is cp.async: it lands
  /// asynchronously, and commit groups and waits order it. Before (sm_75)
  /// it is a load into registers and a shared store, done when the thread
  /// moves on, so commits and waits are nothing: every cp.async site is
  /// followed by a wait and a barrier before anything reads what it copied,
  /// and no copy is issued while its destination may still be read, so the
  /// synchronous form is ordered at least as strongly.
  bool asyncCopies() const {
    return target::hasAsyncCopies(spec.problem.chip.arch);
  }
  /// Copies `size` (4, 8 or 16) bytes; `bytes` (i32, null for `size`) is
  /// `size` or 0, 0 filling the destination with zeros. While register
  /// copies are collected (collectRegisterCopies), records the copy instead.
  void copyToShared(Value dst, Value src, int64_t size,
                    NVVM::LoadCacheModifierKind cache, Value bytes = Value()) {
    if (asyncCopies()) {
      NVVM::CpAsyncOp::create(b, loc, dst, src, size, cache, bytes);
      return;
    }
    if (collecting) {
      collecting->push_back({copyGuards.empty() ? Value() : copyGuards.back(),
                             dst, src, bytes, size, Value()});
      return;
    }
    RegisterCopy c{Value(), dst, src, bytes, size, Value()};
    loadRegisterCopy(c);
    store(c.value, dst, unsigned(size));
  }
  /// What copyToShared recorded while collecting: the copy's guard (i1,
  /// null for none: the enclosing copyGuard conditions), its addresses and
  /// zero-fill, and once loaded the value it stores.
  struct RegisterCopy {
    Value guard, dst, src, bytes;
    int64_t size;
    Value value;
  };
  using RegisterCopies = SmallVector<RegisterCopy, 8>;
  /// Without cp.async (sm_75) a copy's shared store waits for its load. To
  /// keep loads in flight, `body`'s copies (copyToShared under copyGuard)
  /// are loaded into registers here, every load before any store, and
  /// stored by storeRegisterCopies, which the caller puts after work that
  /// hides the loads' latency. With cp.async this is body() and returns
  /// nothing.
  template <typename F> RegisterCopies collectRegisterCopies(F body) {
    RegisterCopies copies;
    if (asyncCopies()) {
      body();
      return copies;
    }
    assert(!collecting && copyGuards.empty() && "nested register copies");
    collecting = &copies;
    body();
    collecting = nullptr;
    for (RegisterCopy &c : copies)
      loadRegisterCopy(c);
    return copies;
  }
  /// A register copy's value: its source where its guard holds and its
  /// zero-fill `bytes` is not 0, else zeros.
  void loadRegisterCopy(RegisterCopy &c) {
    auto vecTy = VectorType::get({c.size / 4}, i32);
    Value cond = c.guard;
    if (c.bytes) {
      Value nonEmpty = ne(c.bytes, c32(0));
      cond = cond ? arith::AndIOp::create(b, loc, cond, nonEmpty).getResult()
                  : nonEmpty;
    }
    if (!cond) {
      c.value = load(vecTy, c.src, unsigned(c.size));
      return;
    }
    SmallVector<Value, 1> v{zeros16B(c.size)};
    ifThenUpdate(cond, v, [&](MutableArrayRef<Value> v) {
      v[0] = load(vecTy, c.src, unsigned(c.size));
    });
    c.value = v[0];
  }
  /// The shared stores of collectRegisterCopies' copies (a chunk whose
  /// zero-fill `bytes` is 0 stores zeros).
  void storeRegisterCopies(const RegisterCopies &copies) {
    for (const RegisterCopy &c : copies) {
      if (c.guard)
        ifThen(c.guard, [&]() { store(c.value, c.dst, unsigned(c.size)); });
      else
        store(c.value, c.dst, unsigned(c.size));
    }
  }
  /// scf.if around a stage's copies; while register copies are collected,
  /// the condition guards each copy's load and store instead (`body` runs
  /// unconditionally: it computes addresses and copies only).
  template <typename F> void copyGuard(Value cond, F body) {
    if (!collecting) {
      ifThen(cond, body);
      return;
    }
    copyGuards.push_back(
        copyGuards.empty()
            ? cond
            : arith::AndIOp::create(b, loc, copyGuards.back(), cond)
                  .getResult());
    body();
    copyGuards.pop_back();
  }
  void copyCommit() {
    if (asyncCopies())
      NVVM::CpAsyncCommitGroupOp::create(b, loc);
  }
  /// Waits until at most `pending` of this thread's copy groups are in
  /// flight.
  void copyWait(int64_t pending) {
    if (asyncCopies())
      NVVM::CpAsyncWaitGroupOp::create(b, loc, pending);
  }
  /// collectRegisterCopies' state: where copyToShared records, and the
  /// enclosing copyGuard conditions (each the AND of those outside it).
  RegisterCopies *collecting = nullptr;
  SmallVector<Value, 4> copyGuards;

  /// A barrier of the threads that decode and run the MMAs: the whole CTA,
  /// or, warp-specialized, named barrier 1 of the math threads only (the
  /// producer warpgroup runs ahead and never joins).
  void mathBarrier() {
    const TileConfig &tc = spec.tile;
    if (!tc.producerThreads()) {
      barrier();
      return;
    }
    asmVoid("bar.sync 1, " + std::to_string(tc.mathThreads()) + ";", "", {});
  }
};

//===----------------------------------------------------------------------===//
// Shared memory (kernel::SharedMemoryLayout), per pipeline stage:
//   A: blockM rows x 128 bytes (64 halves), 16-byte chunks XOR-swizzled by
//      row % 8 so ldmatrix reads are bank-conflict free;
//   B: [blockN/64][4 k16][32 lanes][bits words], a straight copy of the
//      kernel-layout weight tiles.
//===----------------------------------------------------------------------===//

/// Byte offset of 16-byte chunk `chunk` (0..7) of A row `row` in a stage.
inline Value swizzledAOffset(Emitter &e, Value row, Value chunk) {
  Value sw = e.bxor(chunk, e.band(row, 7));
  return e.add(e.mul(row, 128), e.mul(sw, 16));
}

/// The values every component reads.
struct Tile {
  Value smem;           // !llvm.ptr<3>, start of dynamic shared memory
  Value tid, lane, warpM, warpN, warpK, g, t;
  // wgmma: the warp's index within its warpgroup (the 16 rows of the
  // MMA's A operand it supplies: weight columns 16 w .. 16 w + 15 of each
  // weight tile); null for mma.sync.
  Value wgWarp;
  // The warp's (warpgroup's) first weight tile within the block (warpN, or
  // warpN / 2 when a warp takes half a tile: TileConfig::warpCols) and its
  // first column within the block; the byte offset of the warp's part of
  // each lane's code words (half tiles: the half; wgmma: the quarter that
  // holds the warp's 16 columns; null for whole tiles); where the lane's
  // per-column B-fragment values start within a row of the block (elements:
  // the weight tile's [g][j] run, the warp's part of it); mma.sync: where
  // the values of the lane's accumulator columns 2 t of its n8 tiles start
  // (2 t + 1's are 8 elements on). Set once per kernel.
  Value weightTile, warpCol, codeHalf, codePartBytes, columnValues,
      accColumnValues;
  Value kLeader;        // i1: warpK == 0 (null when warpsK == 1)
  Value m;              // runtime M
  Value aRows;          // rows of this unit's M tile that are < M
  Value mTile, nTile, kBlockBegin, kBlockCount;
  // Every unit's k-block count is a whole number of loop iterations
  // (kBlocksPerIteration), as the split-K scheduler can know from K: no
  // k-block of an iteration needs a guard (unitKBlockPresent).
  bool wholeIterations = false;
  // The cooperative wgmma loop (tiles of up to 64 rows, two k-blocks an
  // iteration) writes zeros into the stage of a partial last iteration's
  // absent k-block instead of predicating its MMAs, which then add exact
  // zeros: a predicated wgmma is a branch with warpgroup arrives around it
  // on every iteration (ptxas C7519).
  bool absentStagesZeroed = false;
  // This unit's partial-sum slot of its tile, and the tile's slot count
  // (split-K: the split and splitK; stream-K: the CTA's segment of the
  // tile and the tile's segments).
  Value split, splitCount;
  Value a, w, gscale, zero, cscale, bias, c, ws, counters;
  // The threads that copy stages into shared memory (forEachChunk): all of
  // them, or the producer warpgroup's (copyTid its index in it).
  Value copyTid;
  int64_t copyThreads = 0;
  // Warp-specialized kernels run their unit loop once per role (the
  // producer warpgroup's, then the math warpgroups', each under its own
  // register budget: emitWarpSpecializedRoles); cooperative kernels: None.
  enum class Role { None, Producer, Math } role = Role::None;
};

/// Whether k-block `first` + j of a unit exists (i1, uniform over the CTA):
/// true without a compare where the unit's iterations are whole. A guard
/// that is a run-time compare predicates a wgmma, which ptxas turns into a
/// branch with warpgroup arrives around it on every iteration.
inline Value unitKBlockPresent(Emitter &e, const Tile &tl, Value first,
                               int64_t j) {
  if (tl.wholeIterations)
    return e.cTrue();
  return e.ult(e.add(first, j), tl.kBlockCount);
}

/// Deals `count` 16-byte chunks out to `threads` threads, `tid` the
/// caller's index among them: body(idx) for idx = tid, tid + threads, ...;
/// only a last, partial round is guarded, by copyGuard: while register
/// copies are collected that predicates the body's copies instead of
/// branching, so a body run then may only copy.
template <typename F>
void forEachChunk(Emitter &e, Value tid, int64_t threads, int64_t count,
                  F body) {
  for (int64_t i = 0; i < (count + threads - 1) / threads; ++i) {
    Value idx = e.add(tid, i * threads);
    if ((i + 1) * threads <= count)
      body(idx);
    else
      e.copyGuard(e.ult(idx, e.c32(count)), [&]() { body(idx); });
  }
}
/// The same over the threads that copy stages (the cp.async loaders, the
/// zeroing of A rows).
template <typename F>
void forEachChunk(Emitter &e, Tile &tl, int64_t count, F body) {
  forEachChunk(e, tl.copyTid, tl.copyThreads, count, body);
}

//===----------------------------------------------------------------------===//
// Global -> shared copies and the pipelines (MmaSyncKernel.cpp,
// WgmmaPipeline.cpp)
//===----------------------------------------------------------------------===//

/// Visits, over the copying threads, the 16-byte A chunks of the rows >=
/// aRows (which the copies skip) of `stageCount` stages from `firstStage`:
/// fn(the chunk's shared address).
void forEachChunkPastM(Emitter &e, Tile &tl, Value firstStage,
                       int64_t stageCount, llvm::function_ref<void(Value)> fn);
/// The cache level of the activation copies: L2 only, or L1 as well where
/// the tile asks (TileConfig::activationsL1).
inline NVVM::LoadCacheModifierKind activationCopyCache(const TileConfig &tc) {
  return tc.activationsL1 ? NVVM::LoadCacheModifierKind::CA
                          : NVVM::LoadCacheModifierKind::CG;
}
/// cp.async of k-block `kBlock` + `kBlockOffset` into stage `stage` by the
/// copying threads (A rows < aRows only; B codes; group scales / zero
/// points unless `columns` is false: stageReadsColumns). The offset is a
/// constant so that the copies of consecutive k-blocks can share their
/// addresses (immediate offsets).
void emitLoadStage(Emitter &e, Tile &tl, Value stage, Value kBlock,
                   bool columns = true, int64_t kBlockOffset = 0);
/// Whether anyone reads the group-scale / zero-point rows of the stage that
/// holds the k-block `offset` k-blocks after its unit's first: always, but
/// where scales alone go onto sums, which read the row of each run's first
/// k-block only (emitLoadGroupScales; units start on a run, and a run
/// divides the k-blocks per iteration and the stages).
bool stageReadsColumns(const Emitter &e, int64_t offset);
/// A register-stream unit (TileConfig::registerStream,
/// RegisterStreamUnit.cpp): the warps' k-block loop from global memory and
/// the unit's end.
void emitRegisterStreamUnit(Emitter &e, Tile &tl);
/// The end of a unit after the drain: warp-K sums, then the split-K /
/// stream-K reduction or the epilogue.
void emitUnitEnd(Emitter &e, Tile &tl, MutableArrayRef<Value> acc);
/// Where a unit's k-block slots start in a warp-specialized pipeline: the
/// stage, and the parity of its mbarriers' phase (both i32). Carried from
/// unit to unit of a CTA; unused by the mma.sync pipeline.
struct PipelineState {
  Value stage, phase;
};
/// A warp-specialized wgmma unit of tl.role: the producer warpgroup's
/// copies, or the math warpgroups' MMAs and the unit's end; returns the
/// state after it (the same for both roles).
PipelineState emitWarpSpecializedUnit(Emitter &e, Tile &tl, PipelineState in);
/// Splits a warp-specialized kernel into its two roles, each running
/// `schedule` (the unit loop) on its own register budget: the producer
/// warpgroup's setmaxnreg.dec to TileConfig::kProducerRegisters, the math
/// warpgroups' setmaxnreg.inc to TileConfig::mathRegistersPerThread().
void emitWarpSpecializedRoles(Emitter &e, Tile &tl,
                              llvm::function_ref<void()> schedule);
/// Initializes the stages' mbarriers (before the first unit; ends with a
/// CTA barrier).
void emitInitStageBarriers(Emitter &e, Tile &tl);
/// mbarrier.init of the shared-memory barrier at `bar` (an i32 shared
/// address) for `count` arrivals.
void emitMbarrierInit(Emitter &e, Value bar, int64_t count);
/// Blocks until the phase of `bar` with parity `parity` (i32 0 / 1) has
/// completed (acquire, CTA scope). A fresh barrier is in phase 0, so
/// waiting for parity 1 returns at once.
void emitMbarrierWait(Emitter &e, Value bar, Value parity);

//===----------------------------------------------------------------------===//
// Decode + dequant (GemmDecode.cpp)
//===----------------------------------------------------------------------===//

/// `count` i32 words at `ptr` (shared or global), which is `align`-byte
/// aligned (a power of two, at least 4), in the widest vector loads (up to
/// 16 bytes) the alignment allows.
SmallVector<Value> emitLoadWords(Emitter &e, Value ptr, int64_t count,
                                 int64_t align);
/// The values of `n` consecutive n8-tiles j (one load per 4) of a row of
/// per-column data ([rows][Npad/64][2 halves][8 g][4 j], global or shared)
/// from element `firstElem` (that of the first) of the block's part of it
/// (`blockRow`).
SmallVector<Value, 8> emitColumnScalars(Emitter &e, Value blockRow,
                                        Value firstElem, int64_t n);
/// The lane's per-column B-fragment values of such a row, each splat to a
/// pair: mma.sync one per n8-tile of the warp (column g of each); wgmma, per
/// weight tile of the warpgroup, columns 16 w + g and 16 w + 8 + g.
SmallVector<Value, 8> emitColumnValues(Emitter &e, Tile &tl, Value blockRow);
/// The block's first column of row `row` of per-column data in global memory
/// (`base`: [rows][Npad] 16-bit values).
Value emitColumnRowPtr(Emitter &e, Tile &tl, Value base, Value row);
/// Per-column B-fragment values of row `row` from global memory.
SmallVector<Value, 8> emitLoadColumnValues(Emitter &e, Tile &tl, Value base,
                                           Value row);
/// A unit's channel zero points in the B fragment (one row, loaded once
/// per unit); empty where the zero points go elsewhere or are per group.
SmallVector<Value, 8> emitLoadChannelZeroPoints(Emitter &e, Tile &tl);
/// Where a K group starts at the warp's k16 step l, the group row's scales
/// (where they go into the B fragment) and zero points from the stage.
void emitGroupValues(Emitter &e, Tile &tl, Value stageBase, int64_t l,
                     Value ks, SmallVectorImpl<Value> &scales,
                     SmallVectorImpl<Value> &zeros);
/// The warp's part of the lane's code words of weight tile `tile` at k16
/// step `ks`.
SmallVector<Value> emitLoadWarpCodes(Emitter &e, Tile &tl, Value bBase,
                                     Value tile, Value ks);
/// The B fragment (2 registers) of n8-tile j from the lane's code words.
std::pair<Value, Value> emitDecodeB(Emitter &e, ArrayRef<Value> words,
                                    int64_t j, Value zeroPair,
                                    Value scalePair);

//===----------------------------------------------------------------------===//
// MMAs (GemmCompute.cpp)
//===----------------------------------------------------------------------===//

/// The operands of one k16 step of a stage: the lane's code words per weight
/// tile of the warp, and for mma.sync the warp's A fragments (swapped: the
/// activation rows' B fragment).
struct StepOperands {
  SmallVector<SmallVector<Value>> codes;
  SmallVector<SmallVector<Value, 4>> aFrags;
};
/// Swapped mma.sync (TileConfig::swapAB): one k16 step of the warp's
/// n8-tiles from the lane's code words of that step, the activations' B
/// fragments (b0, b1 of each 8-row group i: b[2 i], b[2 i + 1]) and the
/// per-n8-tile zero points / scales (pairs; empty where none go into the
/// fragment), into the 4 accumulators per 8-row group and pair p of
/// n8-tiles, (i x pairs + p) x 4 .. + 3.
void emitSwappedStepMmas(Emitter &e, ArrayRef<Value> words,
                         ArrayRef<Value> zeros, ArrayRef<Value> scales,
                         ArrayRef<Value> b, MutableArrayRef<Value> acc);
/// The same for two k16 steps whose fragments are regrouped: one MMA takes
/// fragment slot 0 of both steps (the first step's pairs as a0 / a1, the
/// second's as a2 / a3), the other slot 1 of both. Exact wherever each B
/// register holds the activations of the k its A pairs decode: b[4 i] and
/// b[4 i + 1] those of the two steps' slot 0, b[4 i + 2] and b[4 i + 3]
/// their slot 1's. The lane-queue loop takes it so that an MMA's b0
/// and b1 are adjacent words of one 16-byte activation load (no moves to
/// pair them; bench/NOTES.md section 84).
void emitSwappedStepPairMmas(Emitter &e, ArrayRef<Value> words0,
                             ArrayRef<Value> words1, ArrayRef<Value> zeros,
                             ArrayRef<Value> scales, ArrayRef<Value> b,
                             MutableArrayRef<Value> acc);
/// The per-accumulator values of a swapped tile's `n` accumulators from
/// per-n8-tile ones: accumulator i of n8-tile pair p = (i / 4) % pairs (any
/// 8-row group) is column g of tile 2 p + (i % 4) / 2, the column whose
/// B-fragment values [g][j] the lane decodes with.
SmallVector<Value> swappedAccumulatorValues(const TileConfig &tc,
                                            ArrayRef<Value> perTile,
                                            int64_t n);
/// Group scales on sums, the second half: acc += sums x scale, one FMA per
/// accumulator (exact in fp32).
void emitApplyGroupScales(Emitter &e, ArrayRef<Value> sums,
                          ArrayRef<Value> scale, MutableArrayRef<Value> acc);
/// Loads the operands of the warp's first k16 step of `stage`, for an
/// iteration that loads them before its refill copies.
StepOperands emitLoadFirstStepOperands(Emitter &e, Tile &tl, Value stage);
/// The k-blocks of one loop iteration, stages `readStage` + j for j <
/// `count`, into `acc` (wgmma: waited for); k-block j > 0 only where
/// `present(j)` (i1, uniform over the CTA) holds. `sums`: the registers a
/// wgmma kernel with group scales on sums carries (wgmmaSumRegisters; else
/// empty). `first` (may be null): the first k-block's first-step operands,
/// loaded by emitLoadFirstStepOperands. `afterFirstMmas` (may be null;
/// wgmma only) is called once the first k-block's MMAs are issued (with
/// group-scale sums, the first run's), for work placed behind them.
void emitIterationCompute(Emitter &e, Tile &tl, Value readStage,
                          int64_t count, ArrayRef<Value> channelZero,
                          MutableArrayRef<Value> acc,
                          MutableArrayRef<Value> sums,
                          llvm::function_ref<Value(int64_t)> present,
                          const StepOperands *first = nullptr,
                          llvm::function_ref<void()> afterFirstMmas =
                              nullptr);
/// The registers of group-scale sums a wgmma kernel's loop carries: a set
/// of accumulators per group-scale run in flight, at most two (else none).
int64_t wgmmaSumRegisters(const Emitter &e);
/// After the k-block loop: the last MMAs done, and every later use of the
/// accumulators kept after the wait.
void emitWgmmaDrain(Emitter &e, MutableArrayRef<Value> acc);

//===----------------------------------------------------------------------===//
// The accumulators as output runs (GemmEpilogue.cpp): what the epilogue and
// the split-K partials both walk
//===----------------------------------------------------------------------===//

/// Output columns per run of accumulators (forEachAccRun).
inline int64_t accRunLength(const TileConfig &tc) {
  return tc.wgmma || tc.swapAB ? 1 : 2;
}

/// Visits this lane's accumulators in runs of adjacent output columns of one
/// row: fn(index of the run's first accumulator, row, column, slot), the
/// slot naming the lane's column group (per-column values are the same for
/// every run of a slot). mma.sync: runs of 2, columns 2 t and 2 t + 1 of
/// rows g and g + 8 of each m16 x n8 tile, slot = the n8-tile. wgmma: runs
/// of 1 (the swapped D holds output rows 8 i + 2 t and + 1 of the lane's
/// columns 16 w + g and 16 w + 8 + g of each weight tile), slot = 2 x the
/// weight tile + the column half. Swapped mma.sync: runs of 1, rows 2 t and
/// 2 t + 1 of 8-row group i of the lane's columns g and 8 + g of each pair
/// of n8-tiles p (accumulators 4 (i x pairs + p) + 2 h + q), slot = the
/// n8-tile 2 p + h.
template <typename F> void forEachAccRun(Emitter &e, Tile &tl, F fn) {
  const TileConfig &tc = e.spec.tile;
  if (tc.swapAB) {
    Value row0 = e.add(e.mul(tl.mTile, tc.blockM), e.mul(tl.t, 2));
    Value col0 =
        e.add(e.add(e.mul(tl.nTile, tc.blockN), tl.warpCol), tl.g);
    const int64_t pairs = tc.warpNTiles() / 2;
    for (int64_t i = 0; i < tc.swappedRowGroups(); ++i)
      for (int64_t pr = 0; pr < pairs; ++pr)
        for (int64_t h = 0; h < 2; ++h)
          for (int64_t q = 0; q < 2; ++q)
            fn(4 * (i * pairs + pr) + 2 * h + q, e.add(row0, 8 * i + q),
               e.add(col0, 16 * pr + 8 * h), 2 * pr + h);
    return;
  }
  if (tc.wgmma) {
    const int64_t perTile = tc.blockM / 2;
    Value row0 = e.add(e.mul(tl.mTile, tc.blockM), e.mul(tl.t, 2));
    Value col0 = e.add(
        e.add(e.add(e.mul(tl.nTile, tc.blockN), tl.warpCol),
              e.mul(tl.wgWarp, 16)),
        tl.g);
    for (int64_t tt = 0; tt < tc.warpCols() / kTileN; ++tt)
      for (int64_t i = 0; i < tc.blockM / 8; ++i)
        for (int64_t h = 0; h < 2; ++h)
          for (int64_t q = 0; q < 2; ++q)
            fn(tt * perTile + i * 4 + h * 2 + q, e.add(row0, 8 * i + q),
               e.add(col0, tt * kTileN + 8 * h), 2 * tt + h);
    return;
  }
  const int64_t mTilesPerWarp = tc.blockM / tc.warpsM / 16;
  const int64_t nTiles = tc.warpNTiles();
  Value row0 = e.add(e.mul(tl.mTile, tc.blockM),
                     e.add(e.mul(tl.warpM, tc.blockM / tc.warpsM), tl.g));
  Value col0 = e.add(e.add(e.mul(tl.nTile, tc.blockN), tl.warpCol),
                     e.mul(tl.t, 2));
  for (int64_t mi = 0; mi < mTilesPerWarp; ++mi)
    for (int64_t j = 0; j < nTiles; ++j)
      for (int64_t half = 0; half < 2; ++half)
        fn((mi * nTiles + j) * 4 + 2 * half, e.add(row0, mi * 16 + half * 8),
           e.add(col0, j * 8), j);
}

/// wgmma: whether chunk c of a thread's sums (accumulators 4 c .. 4 c + 3:
/// rows 8 i + 2 t and + 1 of one 8-row group i) holds a row < M; uniform
/// over the CTA. Chunks of rows all >= M are neither stored nor read back by
/// the split-K ends, nor staged by the epilogue.
inline Value wgmmaChunkLive(Emitter &e, Tile &tl, int64_t c) {
  return e.ult(e.c32(8 * (c % (e.spec.tile.blockM / 8))), tl.aRows);
}

/// A run's accumulators as one word (1 x f32, or 2 x f32 as i64, low word
/// first), the word's type, and back.
Value packRun(Emitter &e, ArrayRef<Value> xs);
Type runWordType(Emitter &e, int64_t run);
SmallVector<Value, 2> unpackRun(Emitter &e, Value word, int64_t run);
/// The epilogue's per-column arrays copied into shared memory for the unit's
/// block (they join the first stage's commit group).
void emitLoadEpilogueColumns(Emitter &e, Tile &tl);
/// Channel scale, bias, conversion, masked store of the output; with
/// `include`, only the runs whose first accumulator index it accepts.
/// `guard`, where given, adds a run-time condition (i1) to each run's
/// stores, by the run's first accumulator index.
void emitEpilogue(Emitter &e, Tile &tl, ArrayRef<Value> acc,
                  llvm::function_ref<bool(int64_t)> include = nullptr,
                  llvm::function_ref<Value(int64_t)> guard = nullptr);

//===----------------------------------------------------------------------===//
// The end of a unit (GemmUnitEnd.cpp)
//===----------------------------------------------------------------------===//

/// Warps along K add their sums into warp-K 0's through shared memory.
void emitWarpKReduction(Emitter &e, Tile &tl, MutableArrayRef<Value> acc);
/// Partials to the workspace; the last CTA of the tile sums them in split
/// order and runs the epilogue, or (kernel::sharesSplitReduction) the
/// tile's CTAs that find all its units started each sum a share of it.
void emitSplitReduction(Emitter &e, Tile &tl, ArrayRef<Value> acc);
/// At a unit's start, where its tile's splits share the reduction: the
/// tile's count of started units (emitSplitReduction) incremented.
void emitUnitStartCount(Emitter &e, Tile &tl);
/// The splits of a tile as one cluster, at the kernel's start: the cluster
/// end's mbarriers initialized and published (a relaxed cluster arrive,
/// whose wait is the end's first step).
void emitInitClusterEnd(Emitter &e, Tile &tl);
/// The splits of a tile as one cluster, at the unit's end: each CTA owns a
/// share of the tile's sums (16-byte chunks dealt round robin); the others
/// push their values of it into its shared memory (st.async, counted by
/// its mbarrier), and it adds them in split order and runs the epilogue
/// for it. No cluster barrier or memory fence after the loop.
void emitClusterSplitReduction(Emitter &e, Tile &tl, ArrayRef<Value> acc);

} // namespace humming::detail::gemm

#endif
