//===- MmaSyncKernel.cpp - The mma.sync GEMM kernel builder ---------------===//
//
// Structure of the emitted kernel (one CTA, T = 32 * warpsM * warpsN threads):
//
//   for unit in [blockIdx.x, units) step gridDim.x:      // persistent
//     (mma.sync, where the grid has a CTA per unit: unit = blockIdx.x,
//      under a guard instead of the loop; unitWithoutLoop)
//     (mTile, nTile, split) = decompose(unit)
//       (stream-K: for each N tile the CTA's k-block range meets, a unit
//        whose "split" is the CTA's segment of that tile)
//     G = k-blocks per iteration (2 for an even stage count >= 6, else 1)
//     prologue: cp.async k-blocks 0 .. stages-G-1 into the same stages,
//               the epilogue's column arrays (channel scale, bias) with
//               the first; then the A rows >= M are zeroed
//     for it in [0, ceil(count / G)):                      // steady state
//       cp.async.wait_group(stages-2G); [wgmma: fence.proxy.async]; bar.sync
//       cp.async k-blocks G*it+stages-G .. +G-1 (if any), a commit each
//       for each of the G k-blocks that exists (the last may not):
//         for this warp's k16 steps of the stage (all 4, or 4 / warpsK):
//           mma.sync: ldmatrix A; decode + dequant B; mma.sync
//           wgmma: decode the weights into A registers; wgmma (B = stage)
//       [wgmma: wait_group 0]
//     cp.async.wait_group(0); bar.sync                     // drain
//     warpsK > 1: the warps along K add their sums into warp-K 0's through
//                 shared memory (in warp order), which then alone stores
//     one split / segment: epilogue(acc)
//     several:     partials -> workspace; the last CTA of the tile (atomic
//                  counter) sums them in split order and runs the epilogue.
//
// Warp-specialized wgmma kernels replace the prologue, steady state and
// drain with WgmmaPipeline.cpp's: a producer warpgroup copies, the math
// warpgroups decode and issue wgmma, mbarriers between them.
//
// Each component is a small function over a `gemm::Emitter`, which holds the
// builder and the common values; the components know nothing of each other
// beyond the shared-memory layout they agree on. This file holds the global
// -> shared loaders, the pipeline and the schedulers; the decode, the MMAs,
// the end of a unit and the epilogue are in GemmDecode.cpp, GemmCompute.cpp,
// GemmUnitEnd.cpp and GemmEpilogue.cpp (GemmKernel.h: what they share).
//
//===----------------------------------------------------------------------===//

#include "humming/Conversion/MmaSyncKernel.h"

#include "humming/Kernel/EntryRules.h"
#include "humming/Kernel/KernelLayout.h"

#include "GemmKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using namespace humming;
using namespace humming::kernel;
using namespace humming::detail::gemm;

//===----------------------------------------------------------------------===//
// Global -> shared loaders (cp.async, 16 bytes, zero-fill past K)
//===----------------------------------------------------------------------===//

bool humming::detail::gemm::stageReadsColumns(const Emitter &e,
                                              int64_t offset) {
  // Copying the other stages' rows cost g128 layers on 32-column blocks a
  // fifth of their loop (bench/NOTES.md, section 63).
  const int64_t run = e.groupScaleBlocks;
  SharedMemoryLayout sl(e.spec.tile, e.spec.problem, e.spec.decode.bits);
  return run <= 1 || sl.columnArrays != 1 || offset % run == 0;
}

/// Whether a cooperative iteration loads its first k16 step's operands
/// (wgmma: the code words; mma.sync: the A fragments and code words) before
/// its refill copies, where that measured faster in A B A B runs:
///  - wgmma (section 34): 0.3-0.7 us faster at 17..64 rows for 4-bit
///    channel codes in units of 64+ k-blocks (8192 x 8192 with 2 K splits,
///    28672 x 4096 unsplit); 0.2 us slower in units of 43 (4096 x 11008, 4
///    splits), even in 32 (11008 x 4096), and slower or even with group
///    scales (g128) and 8-bit codes;
///  - mma.sync at M <= 16 (section 36): 0.2-0.5 us faster for 4- and 8-bit
///    channel codes on all five measured shapes, and for 4-bit codes with
///    group scales on sums (g64 0.6-0.7, g128 0-0.2); 8-bit codes with g128
///    mixed (0.3-0.5 slower at M = 16). Larger M tiles and group scales in
///    the B fragment were not timed and keep the copies first.
static bool operandsBeforeRefill(const Emitter &e) {
  const TileConfig &tc = e.spec.tile;
  const GemmProblem &p = e.spec.problem;
  const bool grouped = p.weight.scale == format::ScaleGranularity::Group;
  const unsigned bits = e.spec.decode.bits;
  if (tc.streamK)
    return false;
  if (tc.wgmma)
    return !grouped && bits <= 4 && unitKBlocks(tc, p) >= 64;
  return tc.blockM <= 16 && (!grouped || (bits <= 4 && e.groupScaleBlocks));
}

/// Whether a cooperative wgmma iteration issues its refill copies after its
/// first k-block's MMAs (with group-scale sums, its first run's) instead of
/// ahead of them all, the copies of its k-blocks then sharing one address
/// (emitLoadStage). A B A B against copies first with an address each
/// (bench/NOTES.md section 94, us, the five shapes):
///  - tiles of more than 64 rows (M = 128): 0.3-6.5 faster in every cell
///    whose kernel changed (W8A16 28672 x 4096 60.2 -> 53.6, g128 8192^2
///    35.9 -> 31.2);
///  - 33..64 rows with group-scale sums of 4-bit codes in runs of 2+
///    k-blocks: 0.1-1.7 faster on every shape (g128 28672 x 4096 M = 48
///    34.7 -> 33.0; g512 0.1-1.3); runs of one k-block (g64) and 8-bit codes
///    (g128) 0.6-1.8 slower on one or two shapes, 0.1-1.3 faster on others:
///    copies first;
///  - 33..64 rows without them: 0.1-0.7 slower where units are short (8-bit
///    codes at 4096^2 M = 64 11.7 -> 12.4; 4096 x 11008 the one clear gain,
///    4-bit 0.2-0.3), so they keep their copies first;
///  - 32-row tiles (one fence per k-block): 0.6 slower to 0.5 faster, no
///    pattern; they keep them too.
/// Either half alone lost somewhere: the shared addresses 0.5 on the 4-bit
/// channel pair at 8192^2 (section 93: ptxas bunched the copies ahead of the
/// second step's code load), the late copies with an address each 0.65 on
/// g128's pair there (section 94). Kernels that load their first operands
/// ahead (operandsBeforeRefill) lost 0.2-0.5 with either.
static bool refillAfterFirstMmas(const Emitter &e) {
  const TileConfig &tc = e.spec.tile;
  if (!tc.wgmma || tc.producerThreads() || tc.streamK ||
      operandsBeforeRefill(e) || tc.blockM <= 32)
    return false;
  return tc.blockM > 64 || (wgmmaSumRegisters(e) > 0 &&
                            e.groupScaleBlocks >= 2 && e.spec.decode.bits <= 4);
}

void humming::detail::gemm::emitLoadStage(Emitter &e, Tile &tl, Value stage,
                                          Value kBlock, bool columns,
                                          int64_t kBlockOffset) {
  const TileConfig &tc = e.spec.tile;
  const GemmProblem &p = e.spec.problem;
  const unsigned bits = e.spec.decode.bits;
  SharedMemoryLayout sl(tc, e.spec.problem, bits);
  Value stageBase = e.gep(tl.smem, e.mul(stage, sl.stageBytes));

  // The copied k-block is kBlock + kBlockOffset. With shared addresses
  // (refillAfterFirstMmas, and K whole k-blocks: every caller copies a
  // k-block of its unit, so no chunk is past K) a copy's source is its
  // chunk's start in k-block 0, which does not change over the loop, plus
  // kBlock's bytes, plus kBlockOffset's as a constant: the copies of an
  // iteration's k-blocks share one address and differ in their immediates
  // (no 64-bit add per copy, no address register rewritten while an earlier
  // copy still reads it; bench/NOTES.md section 93). Otherwise each copy
  // has its address, and the A chunks their bound at a K tail.
  const bool sharedAddresses = p.k % kBlockK == 0 && refillAfterFirstMmas(e);
  Value kBlockAt = kBlockOffset ? e.add(kBlock, kBlockOffset) : kBlock;
  auto offsetBy = [&](Value ptr, int64_t bytesPerKBlock) {
    ptr = e.gep(ptr, e.mul(e.zext64(kBlock), e.c64(bytesPerKBlock)));
    return kBlockOffset ? e.gep(ptr, e.c64(kBlockOffset * bytesPerKBlock))
                        : ptr;
  };

  // A: the tile's rows < M x 8 chunks (rows >= M were zeroed at the start
  // of the unit and are never copied: at M = 1 that is 8 copies instead of
  // 128 per stage).
  Value kBase = e.mul(kBlockAt, kBlockK); // in elements
  forEachChunk(e, tl, tc.blockM * 8, [&](Value idx) {
    Value row = e.div(idx, 8), chunk = e.rem(idx, 8);
    e.copyGuard(e.ult(row, tl.aRows), [&]() {
      Value gRow = e.add(e.mul(tl.mTile, tc.blockM), row);
      if (sharedAddresses) {
        Value start = e.add(e.mul(e.zext64(gRow), e.c64(p.k)),
                            e.zext64(e.mul(chunk, 8)));
        Value src = offsetBy(e.gep(tl.a, e.mul(start, e.c64(2))), kBlockK * 2);
        Value dst = e.gep(stageBase, swizzledAOffset(e, row, chunk));
        e.copyToShared(dst, src, 16, activationCopyCache(tc), Value());
        return;
      }
      Value gK = e.add(kBase, e.mul(chunk, 8));
      // Chunks past K read 0 bytes from the (valid) row start.
      Value valid = e.ult(gK, e.c32(p.k));
      Value elem = e.add(e.mul(e.zext64(gRow), e.c64(p.k)),
                         e.zext64(e.select(valid, gK, e.c32(0))));
      Value src = e.gep(tl.a, e.mul(elem, e.c64(2)));
      Value dst = e.gep(stageBase, swizzledAOffset(e, row, chunk));
      Value bytes = e.select(valid, e.c32(16), e.c32(0));
      e.copyToShared(dst, src, 16, activationCopyCache(tc), bytes);
    });
  });

  // B: for each 64-column tile of the block, its k-block is one contiguous
  // run of 512 * bits bytes in the kernel layout; a 32-column block takes
  // the half-run of its half (KernelLayout.h: even widths keep them apart).
  const int64_t kTiles16 = paddedK(p.k) / kTileK;
  const int64_t runBytes = tc.blockK * std::min(tc.blockN, kTileN) * bits / 8;
  const int64_t runChunks = runBytes / 16;
  const int64_t tilesPerBlock = std::max<int64_t>(tc.blockN / kTileN, 1);
  Value bBase = e.gep(stageBase, e.c32(sl.aBytes));
  Value halfOffset = e.c64(0), blockTile = e.mul(tl.nTile, tilesPerBlock);
  if (tc.blockN < kTileN) {
    halfOffset = e.zext64(e.mul(e.band(tl.nTile, 1), runBytes));
    blockTile = e.shr(tl.nTile, 1);
  }
  forEachChunk(e, tl, tilesPerBlock * runChunks, [&](Value idx) {
      Value nb = e.div(idx, runChunks), chunk = e.rem(idx, runChunks);
      Value gNb = e.add(blockTile, nb);
      // ((gNb * kTiles16 + kBlock * 4) * 32 * bits words) * 4 bytes; with
      // shared addresses the chunk's start in k-block 0, then the k-block's
      // (as for A).
      Value tileIdx =
          sharedAddresses
              ? e.mul(e.zext64(gNb), e.c64(kTiles16))
              : e.add(e.mul(e.zext64(gNb), e.c64(kTiles16)),
                      e.zext64(e.mul(kBlockAt, tc.blockK / kTileK)));
      Value off = e.add(e.add(e.mul(tileIdx, e.c64(32 * 4 * bits)), halfOffset),
                        e.zext64(e.mul(chunk, 16)));
      Value src = e.gep(tl.w, off);
      if (sharedAddresses)
        src = offsetBy(src, tc.blockK / kTileK * 32 * 4 * bits);
      Value dst = e.gep(bBase, e.add(e.mul(nb, runBytes), e.mul(chunk, 16)));
      // No L2 cache hint (evict-first): it measured within the spread, and
      // ptxas (CUDA 13.0) gave the hinted cp.async an odd uniform-register
      // pair as its descriptor (`desc[UR1]`) in some kernels, which faults
      // with an illegal instruction (bench/NOTES.md, sections 6 and 11).
      e.copyToShared(dst, src, 16, NVVM::LoadCacheModifierKind::CG, Value());
  });

  // Group scales / zero points: the block's columns of the K-group rows of
  // this k-block, [rows][Npad/64][8][8] in global memory, so one row's
  // blockN columns are blockN * 2 contiguous bytes.
  for (int64_t a = 0; columns && a < sl.columnArrays; ++a) {
    Value firstRow = e.div(kBase, p.weight.groupSize);
    Value base = a == 0 ? tl.gscale : tl.zero;
    const int64_t rowChunks = tc.blockN * 2 / 16;
    Value colBase = e.gep(stageBase, e.c32(sl.columnOffset(a)));
    forEachChunk(e, tl, sl.columnRows * rowChunks, [&](Value idx) {
      Value r = e.div(idx, rowChunks), chunk = e.rem(idx, rowChunks);
      Value elem = e.add(e.mul(e.zext64(e.add(firstRow, r)),
                               e.c64(paddedN(p.n))),
                         e.zext64(e.add(e.mul(tl.nTile, tc.blockN),
                                        e.mul(chunk, 8))));
      Value src = e.gep(base, e.mul(elem, e.c64(2)));
      Value dst = e.gep(colBase, e.mul(idx, 16));
      e.copyToShared(dst, src, 16, NVVM::LoadCacheModifierKind::CG, Value());
    });
  }
}

//===----------------------------------------------------------------------===//
// The kernel: scheduler + software pipeline.
//===----------------------------------------------------------------------===//

void humming::detail::gemm::forEachChunkPastM(
    Emitter &e, Tile &tl, Value firstStage, int64_t stageCount,
    llvm::function_ref<void(Value)> fn) {
  const TileConfig &tc = e.spec.tile;
  SharedMemoryLayout sl(tc, e.spec.problem, e.spec.decode.bits);
  // A thread takes the same chunks of every stage: their row test and
  // swizzled offset once, a constant stride per stage. Dealing the stages'
  // chunks out as one run instead divided each index by a stage's
  // blockM x 8 chunks, which for the 48 / 80 / 96 / 112 / 160 / 192-row
  // warpgroup tiles is no power of two: ~340 instructions of address math
  // that LLVM hoists into the kernel's entry, so every CTA ran them, rows
  // past M or not (bench/NOTES.md section 137).
  forEachChunk(e, tl, tc.blockM * 8, [&](Value idx) {
    Value row = e.div(idx, 8), chunk = e.rem(idx, 8);
    e.ifThen(arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::uge, row,
                                   tl.aRows),
             [&]() {
               Value offset = swizzledAOffset(e, row, chunk);
               Value first = e.add(e.mul(firstStage, sl.stageBytes), offset);
               for (int64_t s = 0; s < stageCount; ++s)
                 fn(e.gep(tl.smem, e.add(first, s * sl.stageBytes)));
             });
  });
}

/// Zeroes the A rows >= M of every stage (the copies skip them).
static void emitZeroInvalidARows(Emitter &e, Tile &tl) {
  const TileConfig &tc = e.spec.tile;
  Value zero = e.zeros16B();
  e.ifThen(e.ult(tl.aRows, e.c32(tc.blockM)), [&]() {
    forEachChunkPastM(e, tl, e.c32(0), tc.stages,
                      [&](Value dst) { e.store(zero, dst, 16); });
  });
}

/// Zeroes every byte of `stage`: a k-block past the unit's end that a
/// partial last iteration computes (Tile::absentStagesZeroed). Its MMAs then
/// add exact zeros: zero activations times weights that zero codes, scales
/// and zero points decode to finite values. Generic stores, which the
/// reading iteration's proxy fence and barrier order before its MMAs, as
/// for emitZeroInvalidARows.
static void emitZeroStage(Emitter &e, Tile &tl, Value stage) {
  SharedMemoryLayout sl(e.spec.tile, e.spec.problem, e.spec.decode.bits);
  Value zero = e.zeros16B();
  Value base = e.gep(tl.smem, e.mul(stage, sl.stageBytes));
  forEachChunk(e, tl, sl.stageBytes / 16, [&](Value idx) {
    e.store(zero, e.gep(base, e.mul(idx, 16)), 16);
  });
}

/// One work unit of the cooperative pipeline (mma.sync, and wgmma unless
/// warp-specialized): every thread copies, a CTA barrier per iteration.
static void emitCooperativeUnit(Emitter &e, Tile &tl) {
  const TileConfig &tc = e.spec.tile;
  const int64_t stages = tc.stages;
  const int64_t accCount = tc.accumulators();
  // K-blocks computed per loop iteration (one wait, fence and barrier for
  // all of them), and the k-blocks in flight ahead of them.
  const int64_t perIteration = kBlocksPerIteration(tc);
  const int64_t ahead = stages - perIteration;

  SmallVector<Value, 8> channelZero = emitLoadChannelZeroPoints(e, tl);

  // With shared copy addresses (refillAfterFirstMmas) emitLoadStage takes a
  // k-block as a base and a constant offset, else the k-block's index.
  const bool late = refillAfterFirstMmas(e);
  // The loop's iterations; where the unit's k-blocks may not fill the last
  // one, wgmma tiles of up to 64 rows that compute two k-blocks an
  // iteration compute its absent k-block on a zeroed stage (up to `padded`,
  // the k-blocks the iterations cover) rather than predicating its MMAs
  // (Tile::absentStagesZeroed). Taller tiles, and four k-blocks an
  // iteration (up to three absent, and half the iterations whose arrives
  // the predicate costs), keep the predicate (bench/NOTES.md sections 110
  // and 112: g64 33..64 rows 0.4-1.6 us faster on the H200 and the H100;
  // 16-stage channel tiles 0.1-0.4 slower at 17..64 rows on the H200 but
  // for 5120^2 at 33..64, channel 96-row tiles 0.3-0.6 slower on the H100).
  auto countIterations = [&]() {
    return perIteration == 1 ? tl.kBlockCount
                             : e.div(e.add(tl.kBlockCount,
                                           e.c32(perIteration - 1)),
                                     perIteration);
  };
  tl.absentStagesZeroed =
      tc.wgmma && tc.blockM <= 64 && perIteration == 2 && !tl.wholeIterations;
  // (Counted here only where the prologue needs them, so that the other
  // kernels' IR, and PTX, stay as they were.)
  Value iterations = tl.absentStagesZeroed ? countIterations() : Value();
  Value padded = tl.absentStagesZeroed ? e.mul(iterations, perIteration)
                                       : Value();
  // Stage `stage` gets k-block `next` of the unit: copied where it exists,
  // zeroed where the last iteration computes it without it.
  auto zeroIfAbsent = [&](Value stage, Value next) {
    if (!tl.absentStagesZeroed)
      return;
    Value absent = e.uge(next, tl.kBlockCount);
    e.ifThen(arith::AndIOp::create(e.b, e.loc, absent, e.ult(next, padded)),
             [&]() { emitZeroStage(e, tl, stage); });
  };
  // Prologue: k-blocks 0 .. ahead-1, the weights' first bytes requested
  // before anything else of the unit; the epilogue's column arrays join the
  // first group.
  for (int64_t s = 0; s < ahead; ++s) {
    e.storeRegisterCopies(e.collectRegisterCopies([&]() {
      e.copyGuard(e.ult(e.c32(s), tl.kBlockCount), [&]() {
        emitLoadStage(e, tl, e.c32(s),
                      late ? tl.kBlockBegin : e.add(tl.kBlockBegin, s),
                      stageReadsColumns(e, s), late ? s : 0);
      });
    }));
    zeroIfAbsent(e.c32(s), e.c32(s));
    if (s == 0)
      emitLoadEpilogueColumns(e, tl);
    e.copyCommit();
  }
  // A rows >= M are never copied: zero them (the first iteration's barrier
  // orders these stores before any read).
  emitZeroInvalidARows(e, tl);

  // The loop carries the accumulators and the stages it reads and writes
  // (a wrap-around increment, not `it % stages`: stages need not be a power
  // of two, and a division per iteration is not free). An iteration computes
  // `perIteration` consecutive k-blocks on consecutive stages (stages is a
  // multiple of it, so they never wrap); a k-block past the unit's end, in the
  // last iteration, is skipped.
  // wgmma with group scales on sums also carries the sums' registers.
  const int64_t sumCount = wgmmaSumRegisters(e);
  SmallVector<Value> init(accCount + sumCount, e.cf32(0.0));
  init.push_back(e.c32(0));
  init.push_back(e.c32(ahead));
  if (!iterations)
    iterations = countIterations();
  auto loop = scf::ForOp::create(e.b, e.loc, e.c32(0), iterations, e.c32(1),
                                 init);
  {
    OpBuilder::InsertionGuard g(e.b);
    e.b.setInsertionPointToStart(loop.getBody());
    Value first = e.mul(loop.getInductionVar(), perIteration);
    auto args = loop.getRegionIterArgs();
    Value readStage = args[accCount + sumCount],
          writeStage = args[accCount + sumCount + 1];
    auto advance = [&](Value st) {
      Value n = e.add(st, perIteration);
      return e.select(e.eq(n, e.c32(stages)), e.c32(0), n);
    };
    // Refill the stages the previous iteration read, one copy group each:
    // ahead of the MMAs, or after the first k-block's (refillAfterFirstMmas;
    // refillBase, set below).
    Value refillBase;
    auto refill = [&]() {
      for (int64_t j = 0; j < perIteration; ++j) {
        Value next = e.add(first, ahead + j);
        e.copyGuard(e.ult(next, tl.kBlockCount), [&]() {
          emitLoadStage(e, tl, e.add(writeStage, j),
                        late ? refillBase : e.add(tl.kBlockBegin, next),
                        stageReadsColumns(e, ahead + j), late ? j : 0);
        });
        zeroIfAbsent(e.add(writeStage, j), next);
        e.copyCommit();
      }
    };
    // Without cp.async (sm_75) the refill's loads go first, into
    // registers: they write no shared memory, so they need no barrier, and
    // their latency passes under the barrier and the iteration's MMAs;
    // their shared stores follow the MMAs (register double buffering).
    const bool registerCopies = !e.asyncCopies();
    // (A late refill and zeroed absent stages, whose stores must follow the
    // barrier, are wgmma's: sm_90a.)
    assert(!(registerCopies && (late || tl.absentStagesZeroed)) &&
           "register copies before the barrier on a wgmma tile");
    Emitter::RegisterCopies refillCopies;
    if (registerCopies)
      refillCopies = e.collectRegisterCopies(refill);
    // The iteration's k-blocks landed: every copy group but the newest
    // ahead - perIteration.
    e.copyWait(ahead - perIteration);
    // wgmma reads shared memory through the async proxy: each thread's
    // copies (and the zeroed rows) are made visible to it before the
    // barrier that lets the warpgroups issue.
    if (tc.wgmma)
      e.fenceProxyAsyncShared();
    e.barrier();
    // The first k16 step's operands before the refill copies, where that
    // measured faster: ptxas otherwise gives the first operand loads
    // registers the copies just read as addresses, and the iteration's
    // first MMA waits for the copies to be accepted (bench/NOTES.md
    // sections 34 and 36).
    std::optional<StepOperands> firstOps;
    if (operandsBeforeRefill(e))
      firstOps = emitLoadFirstStepOperands(e, tl, readStage);
    if (late)
      refillBase = e.add(tl.kBlockBegin, e.add(first, ahead));
    else if (!registerCopies)
      refill();
    SmallVector<Value> acc(args.begin(), args.begin() + accCount);
    SmallVector<Value> sums(args.begin() + accCount,
                            args.begin() + accCount + sumCount);
    emitIterationCompute(
        e, tl, readStage, perIteration, channelZero, acc, sums,
        [&](int64_t j) { return unitKBlockPresent(e, tl, first, j); },
        firstOps ? &*firstOps : nullptr,
        late ? llvm::function_ref<void()>(refill) : nullptr);
    e.storeRegisterCopies(refillCopies);
    acc.append(sums.begin(), sums.end());
    acc.push_back(advance(readStage));
    acc.push_back(advance(writeStage));
    scf::YieldOp::create(e.b, e.loc, acc);
  }
  // Drain: no copy may land in shared memory the next unit reuses.
  e.copyWait(0);
  SmallVector<Value> acc(loop.getResults().begin(),
                         loop.getResults().begin() + accCount);
  if (tc.wgmma)
    emitWgmmaDrain(e, acc);
  e.barrier();
  emitUnitEnd(e, tl, acc);
}

/// A scheduler's loop over its units; warp-specialized, it carries the
/// pipeline's state (PipelineState) from unit to unit.
static scf::ForOp createUnitLoop(Emitter &e, Value lb, Value ub, Value step) {
  if (e.spec.tile.producerThreads())
    return scf::ForOp::create(e.b, e.loc, lb, ub, step,
                              ValueRange{e.c32(0), e.c32(0)});
  return scf::ForOp::create(e.b, e.loc, lb, ub, step);
}

/// One work unit, the body of `unitLoop` (null where the CTA runs its one
/// unit without the loop, unitWithoutLoop) once the scheduler has set the
/// unit's tile and k-blocks: the rows of its M tile that are < M, then the
/// kernel's pipeline.
static void emitWorkUnit(Emitter &e, Tile &tl, scf::ForOp unitLoop) {
  const TileConfig &tc = e.spec.tile;
  tl.aRows = e.minu(e.sub(tl.m, e.mul(tl.mTile, tc.blockM)),
                    e.c32(tc.blockM));
  if (tl.role != Tile::Role::Producer)
    emitUnitStartCount(e, tl);
  if (tc.registerStream) {
    emitRegisterStreamUnit(e, tl);
    return;
  }
  if (!tc.producerThreads()) {
    emitCooperativeUnit(e, tl);
    return;
  }
  assert(unitLoop && "the producer warpgroup's units run in the loop");
  auto args = unitLoop.getRegionIterArgs();
  PipelineState next = emitWarpSpecializedUnit(e, tl, {args[0], args[1]});
  scf::YieldOp::create(e.b, e.loc, ValueRange{next.stage, next.phase});
}

void humming::detail::gemm::emitUnitEnd(Emitter &e, Tile &tl,
                                        MutableArrayRef<Value> acc) {
  const TileConfig &tc = e.spec.tile;
  const GemmProblem &p = e.spec.problem;
  emitWarpKReduction(e, tl, acc);
  auto epilogue = [&]() {
    if (tl.kLeader)
      e.ifThen(tl.kLeader, [&]() { emitEpilogue(e, tl, acc); });
    else
      emitEpilogue(e, tl, acc);
    // The next unit's prologue rewrites the epilogue's column arrays, and
    // its copies the stages a staged output tile is read back from.
    SharedMemoryLayout sl(tc, p, e.spec.decode.bits);
    if (sl.epilogueArrays > 0 || sl.outputStageBytes > 0)
      e.mathBarrier();
  };
  if (tc.clusterSplit) {
    emitClusterSplitReduction(e, tl, acc);
  } else if (tc.splitK > 1) {
    emitSplitReduction(e, tl, acc);
  } else if (tc.streamK) {
    // A tile one CTA covers whole goes straight to the epilogue (the
    // condition is the CTA's, so the barriers inside are uniform).
    auto whole = scf::IfOp::create(e.b, e.loc, e.eq(tl.splitCount, e.c32(1)),
                                   /*withElse=*/true);
    OpBuilder::InsertionGuard g(e.b);
    e.b.setInsertionPointToStart(&whole.getThenRegion().front());
    epilogue();
    e.b.setInsertionPointToStart(&whole.getElseRegion().front());
    emitSplitReduction(e, tl, acc);
  } else {
    epilogue();
  }
}

/// Whether the kernel runs its CTA's one unit under a guard instead of the
/// persistent loop, where the grid has a CTA per unit (oneUnitPerCta). A
/// loop's invariants (the unit end's shared-memory addresses, some 30
/// instructions) are hoisted ahead of the first copies, whose start is the
/// stream's: without the loop the staged and lane-queue mma.sync kernels
/// measured 0.1-0.5 us faster at 1..16 rows (bench/NOTES.md section 88).
/// The register-stream loop with its rounds in registers, whose unit at
/// 4096^2 is then straight-line code, measured 0.4-0.5 slower, and the
/// wgmma tiles both ways (28672 x 4096 M = 64 1.4 slower, M = 32 0.5
/// faster), so they keep the loop, but for K splits as clusters, whose
/// units are one per CTA by construction (the 8192^2 65..96-row tile's
/// first copy after 96 instructions instead of 410, 110 registers instead
/// of 190); so does the producer warpgroup's, which carries its pipeline
/// state from unit to unit.
static bool unitWithoutLoop(const TileConfig &tc, const GemmProblem &p) {
  return oneUnitPerCta(tc, p) && (!tc.wgmma || tc.clusterSplit) &&
         !tc.producerThreads() && (!tc.registerStream || tc.laneQueue);
}

/// Split-K / data-parallel: a persistent loop over work units, unit ->
/// (mTile, nTile, split), splits innermost so the CTAs of one output tile
/// run together, then N tiles. (M tiles next to the splits, so that the
/// CTAs reading the same weights share a wave, measured no faster at
/// 28672 x 4096, M = 64: bench/NOTES.md, section 8. In groups of 8 M
/// tiles where a CTA loops over units, they read the weights once, 1.8x
/// fewer DRAM bytes at 28672 x 4096 M = 240, yet were no faster there and
/// 1.6-3.3 % slower at M = 2048..8192: section 145.)
static void emitUnitScheduler(Emitter &e, Tile &tl, Value cta, Value mTiles,
                              int64_t nTiles, int64_t kBlocks) {
  const TileConfig &tc = e.spec.tile;
  // Splits start on a multiple of the group-scale run (emitIterationCompute).
  const int64_t align = std::max<int64_t>(e.groupScaleBlocks, 1);
  const int64_t perSplit =
      (kBlocks + tc.splitK * align - 1) / (tc.splitK * align) * align;
  // Every non-empty split holds perSplit k-blocks but the last, which holds
  // the rest: where both are whole iterations, no iteration is partial.
  const int64_t perIteration = kBlocksPerIteration(tc);
  const int64_t lastSplit = kBlocks - (kBlocks - 1) / perSplit * perSplit;
  tl.wholeIterations =
      perSplit % perIteration == 0 && lastSplit % perIteration == 0;
  Value units = e.mul(mTiles, nTiles * tc.splitK);
  auto unitBody = [&](Value unit, scf::ForOp unitLoop) {
    tl.split = e.rem(unit, tc.splitK);
    tl.splitCount = e.c32(tc.splitK);
    Value tile = e.div(unit, tc.splitK);
    tl.nTile = e.rem(tile, nTiles);
    tl.mTile = e.div(tile, nTiles);
    tl.kBlockBegin = e.mul(tl.split, perSplit);
    Value end = e.minu(e.add(tl.kBlockBegin, perSplit), e.c32(kBlocks));
    // An empty split (begin >= end) contributes zeros.
    tl.kBlockCount = e.select(e.ult(tl.kBlockBegin, end),
                              e.sub(end, tl.kBlockBegin), e.c32(0));
    emitWorkUnit(e, tl, unitLoop);
  };
  if (unitWithoutLoop(tc, e.spec.problem)) {
    e.ifThen(e.ult(cta, units), [&]() { unitBody(cta, scf::ForOp()); });
    return;
  }
  // The loop's step: the grid's CTAs (read only where there is a loop).
  Value ctas = NVVM::GridDimXOp::create(e.b, e.loc, e.i32);
  auto unitLoop = createUnitLoop(e, cta, units, ctas);
  OpBuilder::InsertionGuard g(e.b);
  e.b.setInsertionPointToStart(unitLoop.getBody());
  unitBody(unitLoop.getInductionVar(), unitLoop);
}

/// Stream-K (gridSize: a multiple of mTiles CTAs): CTA c works on M tile
/// c % mTiles; the k-blocks of that M tile's N tiles, N tile after N tile,
/// are dealt out to its CTAs in equal contiguous ranges. A CTA's range
/// meets one or more N tiles; each meeting is a unit (a segment of the
/// tile), and CTA j of the M tile's `ctas` owns k-block x when
/// j = ((x + 1) * ctas - 1) / total, which gives every CTA a tile's
/// segment count and its own segment's index without communication.
static void emitStreamKScheduler(Emitter &e, Tile &tl, Value cta, Value mTiles,
                                 int64_t nTiles, int64_t kBlocks) {
  const int64_t total = nTiles * kBlocks;
  Value ctas = NVVM::GridDimXOp::create(e.b, e.loc, e.i32);
  Value perM = e.div(ctas, mTiles); // CTAs per M tile
  tl.mTile = e.rem(cta, mTiles);
  Value j = e.div(cta, mTiles);
  // 64-bit products (j * total can pass 2^32), i32 results.
  auto rangeStart = [&](Value jj) {
    return e.trunc32(e.div(e.mul(e.zext64(jj), e.c64(total)), e.zext64(perM)));
  };
  auto owner = [&](Value x) { // x: a k-block index in the M tile
    Value num = e.sub(e.mul(e.zext64(e.add(x, 1)), e.zext64(perM)), e.c64(1));
    return e.trunc32(e.div(num, e.c64(total)));
  };
  Value begin32 = rangeStart(j), end32 = rangeStart(e.add(j, 1));
  Value firstTile = e.div(begin32, kBlocks);
  Value lastTile = e.div(e.add(end32, kBlocks - 1), kBlocks); // exclusive
  auto tileLoop = createUnitLoop(e, firstTile, lastTile, e.c32(1));
  OpBuilder::InsertionGuard g(e.b);
  e.b.setInsertionPointToStart(tileLoop.getBody());
  tl.nTile = tileLoop.getInductionVar();
  Value tileStart = e.mul(tl.nTile, kBlocks);
  Value from = arith::MaxUIOp::create(e.b, e.loc, begin32, tileStart);
  Value to = e.minu(end32, e.add(tileStart, kBlocks));
  tl.kBlockBegin = e.sub(from, tileStart);
  tl.kBlockCount = e.sub(to, from);
  Value firstOwner = owner(tileStart);
  tl.split = e.sub(j, firstOwner);
  tl.splitCount =
      e.add(e.sub(owner(e.add(tileStart, kBlocks - 1)), firstOwner), 1);
  emitWorkUnit(e, tl, tileLoop);
}

LogicalResult humming::buildMmaSyncKernel(gpu::GPUModuleOp module,
                                          const MmaSyncKernelSpec &spec) {
  MLIRContext *ctx = module.getContext();
  Location loc = module.getLoc();
  const TileConfig &tc = spec.tile;
  const GemmProblem &p = spec.problem;
  // Every rule the builder needs of the entry (EntryRules.cpp), refused
  // before any IR: the NVPTX backend and ptxas must never see, say, a wgmma
  // for a target without it.
  if (auto why = kernelBuildProblem(tc, p, spec.decode.bits))
    return emitError(loc) << "humming: " << *why;

  OpBuilder b(ctx);
  b.setInsertionPointToEnd(module.getBody());
  // The module-wide dynamic shared memory symbol.
  if (!module.lookupSymbol(kSharedMemorySymbol)) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    auto arrTy = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
    LLVM::GlobalOp::create(b, loc, arrTy, /*isConstant=*/false,
                           LLVM::Linkage::External, kSharedMemorySymbol,
                           Attribute(), /*alignment=*/1024, /*addrSpace=*/3);
  }

  Emitter e(b, loc, spec);
  SmallVector<Type> args(9, e.gptr);
  args.push_back(e.i32);
  auto fn = gpu::GPUFuncOp::create(b, loc, spec.name,
                                   b.getFunctionType(args, {}));
  fn->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  fn.setKnownBlockSizeAttr(
      b.getDenseI32ArrayAttr({int32_t(tc.threads()), 1, 1}));
  // A tuning of several CTAs per SM is asked of ptxas (.minnctapersm with
  // .reqntid caps the registers so that they fit).
  if (tc.ctasPerSm > 1)
    fn->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                b.getI32IntegerAttr(int32_t(tc.ctasPerSm)));
  // The roles' setmaxnreg (emitWarpSpecializedRoles) needs the count at
  // entry stated: from .maxntid alone ptxas sometimes cannot tell it and
  // ignores them (C7508).
  if (tc.rolesTradeRegisters())
    fn->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                b.getI32IntegerAttr(int32_t(tc.registersPerThread())));
  // A tile's splits are consecutive CTAs (emitUnitScheduler): one cluster,
  // fixed at compile time (.reqnctapercluster), so a plain launch forms it.
  if (tc.clusterSplit)
    fn->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                b.getDenseI32ArrayAttr({int32_t(tc.splitK), 1, 1}));
  b.setInsertionPointToStart(&fn.getBody().front());

  Tile tl;
  tl.a = fn.getArgument(0);
  tl.w = fn.getArgument(1);
  tl.gscale = fn.getArgument(2);
  tl.zero = fn.getArgument(3);
  tl.cscale = fn.getArgument(4);
  tl.bias = fn.getArgument(5);
  tl.c = fn.getArgument(6);
  tl.ws = fn.getArgument(7);
  tl.counters = fn.getArgument(8);
  tl.m = fn.getArgument(9);
  tl.smem = LLVM::AddressOfOp::create(b, loc, e.sptr, kSharedMemorySymbol);
  tl.tid = NVVM::ThreadIdXOp::create(b, loc, e.i32);
  tl.lane = e.band(tl.tid, 31);
  // Warps K-major: warps 0 .. warpsM x warpsN - 1 are warp-K 0 (wgmma:
  // warp units are warpgroups of 4 consecutive warps).
  Value warp = e.shr(tl.tid, tc.wgmma ? 7 : 5);
  Value warpMN = e.rem(warp, tc.warpsM * tc.warpsN);
  tl.warpK = e.div(warp, tc.warpsM * tc.warpsN);
  tl.warpM = e.div(warpMN, tc.warpsN);
  tl.warpN = e.rem(warpMN, tc.warpsN);
  if (tc.warpsK > 1)
    tl.kLeader = e.eq(tl.warpK, e.c32(0));
  tl.g = e.shr(tl.lane, 2);
  tl.t = e.band(tl.lane, 3);
  tl.warpCol = e.mul(tl.warpN, tc.warpCols());
  // The warp's weight tile in the block's stage, and (half-tile warps and
  // wgmma) the half of it whose codes and per-column values it reads; a
  // 32-column block's stage holds only its own half (half 0). Per-column
  // values are [2 halves][8 g][4 j] per tile (KernelLayout.h).
  tl.weightTile = tc.warpCols() == kTileN / 2 ? e.shr(tl.warpN, 1)
                                             : e.mul(tl.warpN, tc.warpCols() / kTileN);
  tl.columnValues =
      e.add(e.mul(tl.weightTile, kTileN), e.mul(tl.g, fragmentColumn(1)));
  if (tc.wgmma) {
    // The warp's 16 columns are n8-tiles 2 w and 2 w + 1: codes 8 w .. 8 w
    // + 7 of the lane: bits bytes at (w % 2) x bits in the lane's part of
    // half w / 2; values j = 2 w, 2 w + 1.
    tl.wgWarp = e.band(e.shr(tl.tid, 5), 3);
    tl.codeHalf = e.shr(tl.wgWarp, 1);
    tl.codePartBytes = e.mul(e.band(tl.wgWarp, 1), spec.decode.bits);
    tl.columnValues = e.add(
        e.add(tl.columnValues, e.mul(tl.codeHalf, fragmentColumn(32))),
        e.mul(e.band(tl.wgWarp, 1), fragmentColumn(16)));
  } else {
    // Column 2 t + c of n8-tile j: fragmentColumn(8 j + 2 t + c).
    tl.accColumnValues = e.add(e.mul(tl.weightTile, kTileN),
                               e.mul(tl.t, fragmentColumn(2)));
    if (tc.warpCols() != kTileN) {
      tl.codeHalf = e.band(tl.warpN, 1);
      tl.columnValues =
          e.add(tl.columnValues, e.mul(tl.codeHalf, fragmentColumn(32)));
      tl.accColumnValues =
          e.add(tl.accColumnValues, e.mul(tl.codeHalf, fragmentColumn(32)));
    }
  }

  // Who copies stages: every thread, or the producer warpgroup after the
  // math warpgroups (copyTid 0..127).
  tl.copyTid = tc.producerThreads() ? e.sub(tl.tid, e.c32(tc.mathThreads()))
                                    : tl.tid;
  tl.copyThreads = tc.producerThreads() ? tc.producerThreads() : tc.threads();
  if (tc.producerThreads())
    emitInitStageBarriers(e, tl);
  if (tc.clusterSplit)
    emitInitClusterEnd(e, tl);

  const int64_t nTiles = paddedN(p.n) / tc.blockN;
  const int64_t kBlocks = paddedK(p.k) / kBlockK;
  Value mTiles = e.div(e.add(tl.m, tc.blockM - 1), tc.blockM);
  Value cta = NVVM::BlockIdXOp::create(b, loc, e.i32);
  auto schedule = [&]() {
    if (tc.streamK)
      emitStreamKScheduler(e, tl, cta, mTiles, nTiles, kBlocks);
    else
      emitUnitScheduler(e, tl, cta, mTiles, nTiles, kBlocks);
  };
  if (tc.producerThreads())
    emitWarpSpecializedRoles(e, tl, schedule);
  else
    schedule();
  // The producer warpgroup never waits for its copies; it leaves none in flight.
  if (tc.producerThreads())
    NVVM::CpAsyncWaitGroupOp::create(b, loc, 0);
  gpu::ReturnOp::create(b, loc);
  return success();
}
