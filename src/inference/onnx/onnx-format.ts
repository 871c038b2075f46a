import protobuf from 'protobufjs';

/**
 * The subset of onnx.proto (field numbers as in the ONNX specification) that graph rewriting reads and writes.
 * Every field a model of the supported IR versions may carry on these messages is listed, so a decode/encode round
 * trip keeps them; sparse initializers, training info and functions are absent, and models using them are refused.
 */
const SCHEMA = `
syntax = "proto2";
package onnx;
message AttributeProto {
  optional string name = 1; optional string ref_attr_name = 21; optional string doc_string = 13; optional int32 type = 20;
  optional float f = 2; optional int64 i = 3; optional bytes s = 4; optional TensorProto t = 5; optional GraphProto g = 6;
  repeated float floats = 7; repeated int64 ints = 8; repeated bytes strings = 9; repeated TensorProto tensors = 10; repeated GraphProto graphs = 11;
}
message ValueInfoProto { optional string name = 1; optional TypeProto type = 2; optional string doc_string = 3; }
message NodeProto {
  repeated string input = 1; repeated string output = 2; optional string name = 3; optional string op_type = 4;
  optional string domain = 7; repeated AttributeProto attribute = 5; optional string doc_string = 6;
}
message ModelProto {
  optional int64 ir_version = 1; repeated OperatorSetIdProto opset_import = 8; optional string producer_name = 2;
  optional string producer_version = 3; optional string domain = 4; optional int64 model_version = 5; optional string doc_string = 6;
  optional GraphProto graph = 7; repeated StringStringEntryProto metadata_props = 14;
  repeated bytes training_info = 20; repeated bytes functions = 25;
}
message StringStringEntryProto { optional string key = 1; optional string value = 2; }
message GraphProto {
  repeated NodeProto node = 1; optional string name = 2; repeated TensorProto initializer = 5; repeated bytes sparse_initializer = 15;
  optional string doc_string = 10; repeated ValueInfoProto input = 11; repeated ValueInfoProto output = 12; repeated ValueInfoProto value_info = 13;
}
message TensorProto {
  repeated int64 dims = 1; optional int32 data_type = 2; repeated float float_data = 4 [packed = true];
  repeated int32 int32_data = 5 [packed = true]; repeated bytes string_data = 6; repeated int64 int64_data = 7 [packed = true];
  optional string name = 8; optional string doc_string = 12; optional bytes raw_data = 9; repeated StringStringEntryProto external_data = 13;
  optional int32 data_location = 14; repeated double double_data = 10 [packed = true]; repeated uint64 uint64_data = 11 [packed = true];
}
message TensorShapeProto {
  message Dimension { oneof value { int64 dim_value = 1; string dim_param = 2; } optional string denotation = 3; }
  repeated Dimension dim = 1;
}
message TypeProto {
  message Tensor { optional int32 elem_type = 1; optional TensorShapeProto shape = 2; }
  oneof value { Tensor tensor_type = 1; }
  optional string denotation = 6;
}
message OperatorSetIdProto { optional string domain = 1; optional int64 version = 2; }
`;

export const FLOAT = 1;

export interface TensorProto {
  dims: (number | Long)[];
  dataType?: number;
  floatData?: number[];
  rawData?: Uint8Array;
  name?: string;
  externalData?: unknown[];
}

export interface AttributeProto {
  name: string;
  type?: number;
  f?: number;
  i?: number | Long;
  s?: Uint8Array;
  ints?: (number | Long)[];
  t?: TensorProto;
  g?: unknown;
  graphs?: unknown[];
}

export interface NodeProto {
  input: string[];
  output: string[];
  name?: string;
  opType: string;
  domain?: string;
  attribute: AttributeProto[];
}

export interface ValueInfoProto {
  name: string;
  type?: { tensorType?: { elemType?: number } };
}

export interface GraphProto {
  node: NodeProto[];
  input?: ValueInfoProto[];
  output: ValueInfoProto[];
  initializer: TensorProto[];
  sparseInitializer?: unknown[];
}

export interface ModelProto {
  graph: GraphProto;
  opsetImport: { domain?: string; version: number | Long }[];
  trainingInfo?: unknown[];
  functions?: unknown[];
}

interface Long {
  toNumber(): number;
}

const root = protobuf.parse(SCHEMA, { keepCase: false }).root;
const modelType = root.lookupType('onnx.ModelProto');

export function decodeModel(bytes: Uint8Array): ModelProto {
  return modelType.decode(bytes) as unknown as ModelProto;
}

export function encodeModel(model: ModelProto): Uint8Array {
  return modelType.encode(model as unknown as protobuf.Message).finish();
}

export function toNumber(value: number | Long | undefined): number {
  if (value === undefined) return 0;
  return typeof value === 'number' ? value : value.toNumber();
}
