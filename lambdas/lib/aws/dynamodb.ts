import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type {
  BatchWriteCommandInput,
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { awsJson, type AwsService } from './client';

// DynamoDB's document operations (plain JavaScript values in and out, as lib-dynamodb's
// DynamoDBDocumentClient has them) on the JSON API. Marshalling is the SDK's own util-dynamodb, so
// values convert exactly as with the SDK; only the transport is ours (client.ts). Inputs are
// lib-dynamodb's types (type-only imports: nothing of lib-dynamodb is bundled).

type Item = Record<string, unknown>;
type Marshalled = Record<string, AttributeValue>;

export interface GetOutput {
  Item?: Item;
}
export interface WriteOutput {
  Attributes?: Item;
}
export interface QueryOutput {
  Items?: Item[];
  Count?: number;
  LastEvaluatedKey?: Item;
}
export interface BatchWriteOutput {
  UnprocessedItems?: BatchWriteCommandInput['RequestItems'];
}

const toWire = (item: Item): Marshalled => marshall(item, { removeUndefinedValues: true });
const fromWire = (item: Marshalled): Item => unmarshall(item);
const maybeToWire = (item: Item | undefined) => (item ? toWire(item) : undefined);
const maybeFromWire = (item: Marshalled | undefined) => (item ? fromWire(item) : undefined);

type WriteRequests = NonNullable<BatchWriteCommandInput['RequestItems']>;
type WireWriteRequest = {
  PutRequest?: { Item: Marshalled };
  DeleteRequest?: { Key: Marshalled };
};

function mapRequests<A, B>(
  items: Record<string, A[]> | undefined,
  fn: (r: A) => B,
): Record<string, B[]> | undefined {
  if (!items) return undefined;
  return Object.fromEntries(Object.entries(items).map(([table, reqs]) => [table, reqs.map(fn)]));
}

export class DocumentTable {
  constructor(private readonly service: AwsService) {}

  private call<T extends object>(operation: string, input: object): Promise<T> {
    return awsJson<T>(this.service, `DynamoDB_20120810.${operation}`, input, '1.0');
  }

  async get(input: GetCommandInput): Promise<GetOutput> {
    const out = await this.call<{ Item?: Marshalled }>('GetItem', { ...input, Key: maybeToWire(input.Key) });
    return { Item: maybeFromWire(out.Item) };
  }

  put(input: PutCommandInput): Promise<WriteOutput> {
    return this.write('PutItem', input);
  }

  update(input: UpdateCommandInput): Promise<WriteOutput> {
    return this.write('UpdateItem', input);
  }

  delete(input: DeleteCommandInput): Promise<WriteOutput> {
    return this.write('DeleteItem', input);
  }

  /** The single-item writes differ only in which of Item and Key they carry. */
  private async write(
    operation: 'PutItem' | 'UpdateItem' | 'DeleteItem',
    input: PutCommandInput | UpdateCommandInput | DeleteCommandInput,
  ): Promise<WriteOutput> {
    const out = await this.call<{ Attributes?: Marshalled }>(operation, {
      ...input,
      Item: 'Item' in input ? maybeToWire(input.Item) : undefined,
      Key: 'Key' in input ? maybeToWire(input.Key) : undefined,
      ExpressionAttributeValues: maybeToWire(input.ExpressionAttributeValues),
    });
    return { Attributes: maybeFromWire(out.Attributes) };
  }

  async query(input: QueryCommandInput): Promise<QueryOutput> {
    const out = await this.call<{ Items?: Marshalled[]; Count?: number; LastEvaluatedKey?: Marshalled }>(
      'Query',
      {
        ...input,
        ExpressionAttributeValues: maybeToWire(input.ExpressionAttributeValues),
        ExclusiveStartKey: maybeToWire(input.ExclusiveStartKey),
      },
    );
    return {
      Items: out.Items?.map(fromWire),
      Count: out.Count,
      LastEvaluatedKey: maybeFromWire(out.LastEvaluatedKey),
    };
  }

  async batchWrite(input: BatchWriteCommandInput): Promise<BatchWriteOutput> {
    const toWireRequest = (r: WriteRequests[string][number]): WireWriteRequest => ({
      PutRequest: r.PutRequest?.Item ? { Item: toWire(r.PutRequest.Item) } : undefined,
      DeleteRequest: r.DeleteRequest?.Key ? { Key: toWire(r.DeleteRequest.Key) } : undefined,
    });
    const out = await this.call<{ UnprocessedItems?: Record<string, WireWriteRequest[]> }>('BatchWriteItem', {
      ...input,
      RequestItems: mapRequests(input.RequestItems, toWireRequest),
    });
    return {
      UnprocessedItems: mapRequests(out.UnprocessedItems, (r) => ({
        PutRequest: r.PutRequest ? { Item: fromWire(r.PutRequest.Item) } : undefined,
        DeleteRequest: r.DeleteRequest ? { Key: fromWire(r.DeleteRequest.Key) } : undefined,
      })),
    };
  }
}
