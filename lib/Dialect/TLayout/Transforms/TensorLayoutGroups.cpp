//===- TensorLayoutGroups.cpp - Groups of tensors that share a buffer -----===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// What --tlayout-propagate-tensor-layouts and --tlayout-assign-layouts
// share: the groups of tensors that must share a buffer, each with the
// layout fixed on one of its members (a function boundary, an encoding
// already written); a policy decides the other groups; then every tensor is
// retyped and a tlayout.relayout, with a remark, goes where a value meets a
// group of another layout.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/TensorLayoutGroups.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/TensorEncodings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace mlir;
using namespace mlir::tlayout;

/// The argument and result attribute that fixes a function boundary's layout.
static constexpr llvm::StringLiteral kLayoutAttrName = "tlayout.layout";

/// Whether `op` accepts a change of the encoding of its operand `operand`
/// (when the constraints the pass records hold).
static bool acceptsRetypedOperand(OpOperand &operand,
                                  const TensorLayoutOptions &options) {
  Operation *op = operand.getOwner();
  if (options.retypeReshapes &&
      isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return true;
  return isa<linalg::LinalgOp, tensor::ExtractOp, tensor::InsertOp,
             tensor::DimOp, tensor::ExtractSliceOp, tensor::InsertSliceOp,
             scf::ForOp, scf::YieldOp, func::ReturnOp, func::CallOp,
             RelayoutOp>(op);
}

/// Whether `value` is a dense constant the pass may give a layout: its
/// initializer is then written in that layout at compile time.
static bool isRetypableConstant(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  return constant && isa<DenseElementsAttr>(constant.getValue());
}

/// Whether the encoding of `value` may be chosen by the pass: a result of an
/// op that makes a tensor of any encoding, or a loop's region argument. Its
/// uses by ops that do not accept a change get a relayout back.
static bool isRetypable(Value value, const TensorLayoutOptions &options,
                        const DenseSet<Operation *> &openFunctions = {},
                        const DenseSet<StringAttr> &openNames = {}) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getEncoding())
    return false;
  if (options.isRetypableValue && options.isRetypableValue(value))
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (openFunctions.contains(parent) && arg.getOwner()->isEntryBlock())
      return true;
    if (!isa<scf::ForOp>(parent))
      return false;
  } else if (auto call = value.getDefiningOp<func::CallOp>()) {
    return openNames.contains(call.getCalleeAttr().getAttr());
  } else if (options.retypeReshapes &&
             isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
                 value.getDefiningOp())) {
    return true;
  } else if (options.retypeConstants && isRetypableConstant(value)) {
    return true;
  } else if (!isa<linalg::LinalgOp, tensor::EmptyOp, tensor::InsertOp,
                  tensor::ExtractSliceOp, tensor::InsertSliceOp, scf::ForOp,
                  scf::IfOp>(value.getDefiningOp())) {
    return false;
  } else if (auto alloc = value.getDefiningOp<bufferization::AllocTensorOp>();
             alloc && alloc.getCopy()) {
    return false;
  }
  return true;
}

namespace {
/// A use whose operand must have the layout of `target` (a value's group),
/// or of `fixedType` where the use's type is fixed (a signature).
struct Tie {
  OpOperand *use;
  Value target;
  RankedTensorType fixedType;
};

} // namespace

/// Moves the `tlayout.layout` argument and result attributes of the
/// module's functions into their tensor types, and retypes the results of
/// the calls to them. Records the types values had before.
static LogicalResult
applySignatureLayouts(ModuleOp module, DenseMap<Value, Type> &originalTypes) {
  bool failed = false;
  SymbolTableCollection symbols;
  auto encode = [&](func::FuncOp func, Type type, Attribute attr,
                    const Twine &what) -> Type {
    auto tensor = dyn_cast<RankedTensorType>(type);
    auto layout = dyn_cast_or_null<MemRefLayoutAttrInterface>(attr);
    if (!tensor || !layout || tensor.getEncoding()) {
      failed = true;
      func.emitError() << "the " << kLayoutAttrName << " of " << what
                       << " must be a memory layout on a tensor without "
                          "encoding, got "
                       << attr << " on " << type;
      return type;
    }
    RankedTensorType encoded = tensor.cloneWithEncoding(layout);
    if (mlir::failed(verifyLayoutEncoding(encoded, [&] {
          failed = true;
          return func.emitError()
                 << "the " << kLayoutAttrName << " of " << what << ": ";
        })))
      return type;
    return encoded;
  };
  module.walk([&](func::FuncOp func) {
    SmallVector<Type> inputs(func.getArgumentTypes());
    SmallVector<Type> results(func.getResultTypes());
    bool changed = false;
    for (unsigned i = 0; i < inputs.size(); ++i)
      if (Attribute attr = func.getArgAttr(i, kLayoutAttrName)) {
        inputs[i] = encode(func, inputs[i], attr, "argument #" + Twine(i));
        func.removeArgAttr(i, kLayoutAttrName);
        changed = true;
      }
    for (unsigned i = 0; i < results.size(); ++i)
      if (Attribute attr = func.getResultAttr(i, kLayoutAttrName)) {
        results[i] = encode(func, results[i], attr, "result #" + Twine(i));
        func.removeResultAttr(
            i, StringAttr::get(func.getContext(), kLayoutAttrName));
        changed = true;
      }
    if (!changed)
      return;
    func.setType(FunctionType::get(func.getContext(), inputs, results));
    if (!func.isExternal())
      for (auto [arg, type] : llvm::zip(func.getArguments(), inputs)) {
        originalTypes.try_emplace(arg, arg.getType());
        arg.setType(type);
      }
  });
  module.walk([&](func::CallOp call) {
    auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee)
      return;
    for (auto [result, type] :
         llvm::zip(call.getResults(), callee.getResultTypes())) {
      originalTypes.try_emplace(result, result.getType());
      result.setType(type);
    }
  });
  return mlir::failure(failed);
}

LogicalResult
mlir::tlayout::propagateTensorLayouts(ModuleOp module,
                                      ChooseGroupLayouts choose,
                                      const TensorLayoutOptions &options) {
  DenseMap<Value, Type> originalTypes;
  if (failed(applySignatureLayouts(module, originalTypes)))
    return failure();
  TensorLayoutGroups groups;
  SmallVector<Value> values;
  SmallVector<Tie> ties;
  SymbolTableCollection symbols;

  // Private functions called only by func.call in the module: their
  // boundaries are values like any other (an argument shares the buffers of
  // the operands passed to it, a result those of the calls' results).
  // (One walk over the module's symbol uses finds them.)
  DenseSet<Operation *> openFunctions;
  DenseSet<StringAttr> openNames;
  DenseMap<Operation *, SmallVector<func::CallOp>> callsTo;
  if (options.openPrivateFunctions) {
    DenseMap<StringAttr, SmallVector<func::CallOp>> calls;
    DenseSet<StringAttr> otherUses;
    if (std::optional<SymbolTable::UseRange> uses =
            SymbolTable::getSymbolUses(&module.getBodyRegion()))
      for (const SymbolTable::SymbolUse &use : *uses) {
        StringAttr name = use.getSymbolRef().getRootReference();
        if (auto call = dyn_cast<func::CallOp>(use.getUser()))
          calls[name].push_back(call);
        else
          otherUses.insert(name);
      }
    for (auto func : module.getOps<func::FuncOp>()) {
      StringAttr name = func.getSymNameAttr();
      if (!func.isPrivate() || func.isExternal() || otherUses.contains(name) ||
          !calls.contains(name))
        continue;
      openFunctions.insert(func);
      openNames.insert(name);
      callsTo[func] = std::move(calls[name]);
    }
  }

  auto addValue = [&](Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return;
    originalTypes.try_emplace(value, type);
    values.push_back(value);
    groups.leader(value);
    if (!isRetypable(value, options, openFunctions, openNames))
      groups.fix(value, type.getEncoding());
  };
  auto tieTo = [&](OpOperand &use, Value target) {
    if (isa<RankedTensorType>(use.get().getType()))
      ties.push_back({&use, target, {}});
  };
  auto tieToType = [&](OpOperand &use, Type type) {
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      if (isa<RankedTensorType>(use.get().getType()))
        ties.push_back({&use, Value(), tensor});
  };

  module.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          addValue(arg);
    for (Value result : op->getResults())
      addValue(result);
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      if (linalgOp.hasPureTensorSemantics())
        for (OpOperand &init : linalgOp.getDpsInitsMutable())
          tieTo(init, linalgOp.getTiedOpResult(&init));
    } else if (auto insert = dyn_cast<tensor::InsertOp>(op)) {
      tieTo(insert.getDestMutable(), insert.getResult());
    } else if (auto insert = dyn_cast<tensor::InsertSliceOp>(op)) {
      tieTo(insert.getDestMutable(), insert.getResult());
    } else if (auto loop = dyn_cast<scf::ForOp>(op)) {
      for (auto [init, arg, result] :
           llvm::zip(loop.getInitArgsMutable(), loop.getRegionIterArgs(),
                     loop.getResults())) {
        if (isa<RankedTensorType>(arg.getType()))
          (void)groups.tryUnion(arg, result);
        tieTo(init, arg);
      }
    } else if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      Operation *parent = op->getParentOp();
      for (OpOperand &operand : yield->getOpOperands()) {
        if (auto loop = dyn_cast<scf::ForOp>(parent))
          tieTo(operand, loop.getRegionIterArgs()[operand.getOperandNumber()]);
        else if (isa<scf::IfOp>(parent))
          tieTo(operand, parent->getResult(operand.getOperandNumber()));
      }
    } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      auto func = cast<func::FuncOp>(op->getParentOp());
      for (OpOperand &operand : ret->getOpOperands()) {
        unsigned i = operand.getOperandNumber();
        if (!openFunctions.contains(func)) {
          tieToType(operand, func.getResultTypes()[i]);
          continue;
        }
        for (func::CallOp call : callsTo[func])
          tieTo(operand, call.getResult(i));
      }
    } else if (auto call = dyn_cast<func::CallOp>(op)) {
      if (auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
              call, call.getCalleeAttr()))
        for (OpOperand &operand : call->getOpOperands()) {
          unsigned i = operand.getOperandNumber();
          if (openFunctions.contains(callee))
            tieTo(operand, callee.getArgument(i));
          else
            tieToType(operand, callee.getArgumentTypes()[i]);
        }
    }
  });

  // The values in scf.if results need their yields to agree: treat every
  // tie as a wish to share a group, and keep the ties that cannot as
  // relayouts.
  SmallVector<Tie> relayouts;
  for (Tie &tie : ties) {
    Value operand = tie.use->get();
    if (tie.target) {
      if (!groups.tryUnion(operand, tie.target))
        relayouts.push_back(tie);
      continue;
    }
    Attribute wanted = tie.fixedType.getEncoding();
    std::optional<Attribute> have = groups.fixed(operand);
    if (have && *have != wanted)
      relayouts.push_back(tie);
    else if (!have && options.openBoundaries)
      groups.addBoundaryUse(tie.use, wanted,
                            "passes it where the signature fixes that layout");
    else if (!have)
      groups.fix(operand, wanted);
  }

  // A group used by an op that keeps its operand's type would need a
  // relayout back: it keeps the type it has.
  // (With open boundaries the policy weighs that relayout instead.)
  for (Value value : values) {
    if (groups.fixed(value))
      continue;
    Attribute own = cast<RankedTensorType>(value.getType()).getEncoding();
    for (OpOperand &use : value.getUses()) {
      if (acceptsRetypedOperand(use, options))
        continue;
      if (!options.openBoundaries) {
        groups.fix(value, own);
        break;
      }
      groups.addBoundaryUse(&use, own, "takes only the type its operand had");
    }
  }

  // The policy decides the groups that have no layout yet.
  if (failed(choose(groups, values)))
    return failure();

  // Retype, then relayout where a use needs another layout.
  for (Value value : values) {
    if (!isRetypable(value, options, openFunctions, openNames))
      continue;
    Attribute encoding = groups.fixed(value).value_or(Attribute());
    RankedTensorType type =
        cast<RankedTensorType>(value.getType()).cloneWithEncoding(encoding);
    value.setType(type);
    // A constant's initializer takes the type too: it is written in the
    // layout when the constant becomes a global.
    if (auto constant = value.getDefiningOp<arith::ConstantOp>())
      if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
        constant.setValueAttr(dense.reshape(type));
  }
  OpBuilder builder(module.getContext());
  for (Tie &tie : relayouts) {
    Operation *user = tie.use->getOwner();
    if (tie.target)
      relayoutUse(builder, *tie.use,
                  cast<RankedTensorType>(tie.target.getType()).getEncoding(),
                  "'" + user->getName().getStringRef() +
                      "' writes it into a buffer of that layout");
    else
      relayoutUse(builder, *tie.use, tie.fixedType.getEncoding(),
                  "'" + user->getName().getStringRef() +
                      "' passes it where the signature fixes that layout");
  }
  for (const TensorLayoutGroups::BoundaryUse &boundary :
       groups.getBoundaryUses()) {
    auto type = cast<RankedTensorType>(boundary.use->get().getType());
    if (type.getEncoding() != boundary.encoding)
      relayoutUse(builder, *boundary.use, boundary.encoding,
                  "'" + boundary.use->getOwner()->getName().getStringRef() +
                      "' " + boundary.why);
  }
  // An element-wise op reads its operands in its result's layout.
  if (options.relayoutElementwiseOperands)
    module.walk([&](linalg::LinalgOp op) {
      if (!op.hasPureTensorSemantics() || !isElementwiseInOrder(op) ||
          op->getNumResults() != 1)
        return;
      auto result = cast<RankedTensorType>(op->getResult(0).getType());
      // An operand read twice is relayouted once.
      DenseMap<Value, Value> relayouted;
      for (OpOperand *input : op.getDpsInputOperands()) {
        auto type = dyn_cast<RankedTensorType>(input->get().getType());
        if (!type || type.getShape() != result.getShape())
          continue;
        Attribute wanted = result.getEncoding();
        if (options.elementwiseOperandLayout &&
            type.getElementType() != result.getElementType())
          wanted = options.elementwiseOperandLayout(*input, wanted);
        if (!wanted || type.getEncoding() == wanted)
          continue;
        if (Value done = relayouted.lookup(input->get())) {
          input->set(done);
          continue;
        }
        Value original = input->get();
        std::string explanation =
            options.explainRelayout ? options.explainRelayout(*input) : "";
        relayouted[original] = relayoutUse(
            builder, *input, wanted,
            "the element-wise '" + op->getName().getStringRef() +
                "' reads its operands in its result's layout" + explanation);
      }
    });
  // An open function's signature is its arguments' types and its calls'
  // results'; a return or a call operand that differs gets a relayout.
  for (Operation *op : openFunctions) {
    auto func = cast<func::FuncOp>(op);
    SmallVector<Type> results(callsTo[func].front()->getResultTypes().begin(),
                              callsTo[func].front()->getResultTypes().end());
    func.setType(FunctionType::get(func.getContext(),
                                   func.getBody().getArgumentTypes(), results));
    auto fixUse = [&](OpOperand &use, Type wanted) {
      auto tensor = dyn_cast<RankedTensorType>(wanted);
      if (tensor && use.get().getType() != wanted)
        relayoutUse(builder, use, tensor.getEncoding(),
                    "'" + use.getOwner()->getName().getStringRef() +
                        "' passes it where the signature has that layout");
    };
    func.walk([&](func::ReturnOp ret) {
      for (OpOperand &operand : ret->getOpOperands())
        fixUse(operand, results[operand.getOperandNumber()]);
    });
    for (func::CallOp call : callsTo[func]) {
      for (OpOperand &operand : call->getOpOperands())
        fixUse(operand, func.getArgumentTypes()[operand.getOperandNumber()]);
      for (auto [result, type] : llvm::zip(call.getResults(), results))
        if (result.getType() != type) {
          // Another call's result took another layout: this one is
          // relayouted after the call.
          Type own = result.getType();
          result.setType(type);
          relayoutResult(builder, result,
                         cast<RankedTensorType>(own).getEncoding(),
                         "another call of the function returns it in its "
                         "layout");
        }
    }
  }
  // Ops that need the type their operand had get it back.
  for (Value value : values) {
    Type original = originalTypes.lookup(value);
    if (!original || original == value.getType())
      continue;
    for (OpOperand &use : llvm::make_early_inc_range(value.getUses()))
      if (!acceptsRetypedOperand(use, options))
        relayoutUse(builder, use,
                    cast<RankedTensorType>(original).getEncoding(),
                    "'" + use.getOwner()->getName().getStringRef() +
                        "' takes only the type its operand had");
  }
  return success();
}

void mlir::tlayout::remarkRelayout(RelayoutOp relayout, const Twine &reason) {
  auto to = cast<RankedTensorType>(relayout.getType());
  InFlightDiagnostic remark = relayout.emitRemark()
                              << "relayout of "
                              << relayout.getSource().getType() << " to " << to;
  if (isFreeRelayout(cast<RankedTensorType>(relayout.getSource().getType()),
                     to))
    remark << ": no bytes move, the layouts place every element alike (a "
              "cast)";
  else if (std::optional<int64_t> bytes = getEncodedTensorBytes(to))
    remark << ": " << *bytes << " bytes";
  else
    remark << ": a dynamic number of bytes";
  remark << "; " << reason;
}

/// A relayout of `value` to `to` where the builder is, with its remark.
static Value createRelayout(OpBuilder &builder, Location loc, Value value,
                            RankedTensorType to, const Twine &reason) {
  auto relayout = RelayoutOp::create(builder, loc, to, value);
  remarkRelayout(relayout, reason);
  return relayout;
}

Value mlir::tlayout::relayoutResult(OpBuilder &builder, OpResult value,
                                    Attribute encoding, const Twine &reason) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointAfter(value.getOwner());
  Value relayout = createRelayout(
      builder, value.getLoc(), value,
      cast<RankedTensorType>(value.getType()).cloneWithEncoding(encoding),
      reason);
  value.replaceAllUsesExcept(relayout, relayout.getDefiningOp());
  return relayout;
}

Value mlir::tlayout::relayoutUse(OpBuilder &builder, OpOperand &use,
                                 Attribute encoding, const Twine &reason) {
  Value operand = use.get();
  Operation *user = use.getOwner();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(user);
  Value relayout = createRelayout(
      builder, user->getLoc(), operand,
      cast<RankedTensorType>(operand.getType()).cloneWithEncoding(encoding),
      reason);
  use.set(relayout);
  return relayout;
}

/// The dimensions of the loops `map` (a projection that keeps the order of
/// the dimensions it keeps) does not read, or std::nullopt when `map` is not
/// such a projection.
static std::optional<SmallVector<int64_t>> getDroppedLoops(AffineMap map) {
  if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
    return std::nullopt;
  SmallVector<int64_t> dropped;
  int64_t next = 0;
  for (AffineExpr expr : map.getResults()) {
    int64_t dim = cast<AffineDimExpr>(expr).getPosition();
    if (dim < next)
      return std::nullopt;
    for (; next < dim; ++next)
      dropped.push_back(next);
    next = dim + 1;
  }
  for (; next < map.getNumDims(); ++next)
    dropped.push_back(next);
  return dropped;
}

std::optional<ProjectionRule>
mlir::tlayout::getProjectionRule(Operation *operation) {
  auto op = dyn_cast<linalg::LinalgOp>(operation);
  if (!op || !op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op->getNumResults() != 1)
    return std::nullopt;
  OpOperand *input = op.getDpsInputOperand(0);
  OpOperand *init = op.getDpsInitOperand(0);
  if (!isa<RankedTensorType>(input->get().getType()))
    return std::nullopt;
  AffineMap inputMap = op.getMatchingIndexingMap(input);
  AffineMap initMap = op.getMatchingIndexingMap(init);
  std::optional<SmallVector<int64_t>> inputDropped = getDroppedLoops(inputMap);
  std::optional<SmallVector<int64_t>> initDropped = getDroppedLoops(initMap);
  if (!inputDropped || !initDropped)
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (inputDropped->empty() && !initDropped->empty() &&
      llvm::all_of(*initDropped, [&](int64_t loop) {
        return iterators[loop] == utils::IteratorType::reduction;
      }))
    return ProjectionRule{ProjectionRule::Kind::Reduction, input, *initDropped};
  if (initDropped->empty() && !inputDropped->empty() &&
      op.getNumLoops() == op.getNumParallelLoops())
    return ProjectionRule{ProjectionRule::Kind::Broadcast, input,
                          *inputDropped};
  return std::nullopt;
}

Operation *mlir::tlayout::createReshapeCopy(OpBuilder &builder, Operation *op,
                                            Attribute encoding) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(op);
  Location loc = op->getLoc();
  Value source = op->getOperand(0);
  auto sourceType = cast<RankedTensorType>(source.getType());
  RankedTensorType resultType =
      cast<RankedTensorType>(op->getResult(0).getType())
          .cloneWithEncoding(encoding);
  // A copy that reads each element of the source where the reshape takes
  // it from: through the reassociation, a source index is the result
  // indices of its group linearized (expand), or a result index split in
  // the sizes of its group (collapse).
  Value init = tensor::EmptyOp::create(builder, loc, resultType.getShape(),
                                       resultType.getElementType(), encoding);
  unsigned rank = resultType.getRank();
  SmallVector<AffineExpr> sourceIndex(sourceType.getRank());
  if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op)) {
    for (auto [s, group] : llvm::enumerate(expand.getReassociationIndices())) {
      AffineExpr index = builder.getAffineConstantExpr(0);
      for (int64_t d : group)
        index = index * resultType.getDimSize(d) + builder.getAffineDimExpr(d);
      sourceIndex[s] = index;
    }
  } else {
    auto collapse = cast<tensor::CollapseShapeOp>(op);
    for (auto [r, group] :
         llvm::enumerate(collapse.getReassociationIndices())) {
      int64_t stride = 1;
      for (int64_t j : llvm::reverse(group)) {
        AffineExpr index = builder.getAffineDimExpr(r).floorDiv(stride);
        if (j != group.front())
          index = index % sourceType.getDimSize(j);
        sourceIndex[j] = index;
        stride *= sourceType.getDimSize(j);
      }
    }
  }
  SmallVector<AffineMap> maps = {
      AffineMap::get(rank, 0, sourceIndex, builder.getContext()),
      builder.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto copy = linalg::GenericOp::create(
      builder, loc, resultType, source, init, maps, iterators,
      [](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(b, loc, args.front());
      });
  return copy;
}

/// Whether `type` arrives through a signature in a layout a policy may
/// change: a ranked tensor of static shape without encoding.
static bool isRowMajorBoundary(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && !tensor.getEncoding() && tensor.hasStaticShape();
}

SmallVector<RelayoutOp>
mlir::tlayout::insertSignatureRelayouts(ModuleOp module) {
  SmallVector<RelayoutOp> relayouts;
  auto relayoutAfter = [&](OpBuilder &builder, Value value) {
    auto relayout =
        RelayoutOp::create(builder, value.getLoc(), value.getType(), value);
    value.replaceAllUsesExcept(relayout, relayout);
    relayouts.push_back(relayout);
  };
  module.walk([&](func::FuncOp func) {
    if (func.isExternal() || func.isPrivate())
      return;
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    for (BlockArgument arg : func.getArguments())
      if (isRowMajorBoundary(arg.getType()) && !arg.use_empty() &&
          !func.getArgAttr(arg.getArgNumber(), kLayoutAttrName))
        relayoutAfter(builder, arg);
  });
  SymbolTableCollection symbols;
  module.walk([&](func::CallOp call) {
    auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || (callee.isPrivate() && !callee.isExternal()))
      return;
    OpBuilder builder(call);
    builder.setInsertionPointAfter(call);
    for (auto [i, result] : llvm::enumerate(call->getResults()))
      if (isRowMajorBoundary(result.getType()) && !result.use_empty() &&
          !callee.getResultAttr(i, kLayoutAttrName))
        relayoutAfter(builder, result);
  });
  return relayouts;
}

bool mlir::tlayout::isElementwiseInOrder(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumLoops() != linalgOp.getNumParallelLoops())
    return false;
  return llvm::all_of(linalgOp.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); });
}

LogicalResult
mlir::tlayout::chooseLayoutsWrittenFrom(TensorLayoutGroups &groups,
                                        ArrayRef<Value> values) {
  // Groups without a fixed layout take one their members are written
  // from: a same-typed input of the linalg op that writes them, or the
  // tensor they are sliced from, repeated while that decides more groups.
  for (bool changed = true; changed;) {
    changed = false;
    for (Value value : values) {
      if (groups.fixed(value))
        continue;
      auto type = cast<RankedTensorType>(value.getType());
      SmallVector<Value> sources;
      if (auto linalgOp = value.getDefiningOp<linalg::LinalgOp>())
        llvm::append_range(sources, linalgOp.getDpsInputs());
      else if (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>())
        sources.push_back(slice.getSource());
      for (Value source : sources) {
        auto sourceType = dyn_cast<RankedTensorType>(source.getType());
        if (!sourceType || sourceType.getElementType() != type.getElementType())
          continue;
        std::optional<Attribute> layout = groups.fixed(source);
        if (!layout || !*layout)
          continue;
        RankedTensorType candidate = type.cloneWithEncoding(*layout);
        if (failed(verifyLayoutEncoding(candidate,
                                        [] { return InFlightDiagnostic(); })))
          continue;
        groups.fix(value, *layout);
        changed = true;
        break;
      }
    }
  }

  return success();
}
