import type { FastifyInstance } from 'fastify';
import { FITMENT_LIMITS, type FitmentAnswer, type VehicleKeyAnswer } from '../../src/api/wire';
import { parseVehicleKey, VEHICLE_KEY_FORMAT_MESSAGE, VEHICLE_KEY_MAX, VEHICLE_KEY_UNKNOWN_MESSAGE } from '../../src/domain/vehicleKey';
import type { ShopRepository } from '../db/repository';
import { BadRequest, optionalText, sendError } from '../http';
import { VEHICLE_PAGE_KINDS, type VehiclePageKind } from '../../src/domain/vehiclePages';

/** A list of ids "1,2,3" (or ";"-separated), each a positive integer, at most `max` of them, repeats dropped. */
function idList(query: Record<string, unknown>, name: string, max: number): number[] {
  const text = optionalText(query, name, max * 14);
  if (text === undefined) throw new BadRequest('missing_parameter', `Parameter ${name} is required`);
  const parts = text.split(/[,;]/);
  if (parts.some((part) => !/^\d{1,12}$/.test(part) || Number(part) <= 0)) throw new BadRequest('invalid_parameter', `Parameter ${name} must list positive integers`);
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > max) throw new BadRequest('invalid_parameter', `Parameter ${name} lists more than ${max} ids`);
  return ids;
}

/**
 * GET /ajax/fitment.php?engines=&products= (ours, issue 25): which of these products fit which
 * of these engines, with each fit's qualifiers, and each pair's answer (issue 37: fits, check,
 * none, universal). Catalogue data, the same for every visitor.
 */
export function fitmentRoutes(app: FastifyInstance, repo: ShopRepository): void {
  app.get('/ajax/fitment.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const engines = idList(query, 'engines', FITMENT_LIMITS.engines);
    const products = idList(query, 'products', FITMENT_LIMITS.products);
    // The server says each pair's answer (issue 37); `fits` keeps the fitting pairs' qualifiers as before.
    const answers = await repo.fitAnswers(engines, products);
    const fits = answers.filter((a) => a.status === 'fits' || a.status === 'check').map(({ status: _status, ...fit }) => fit);
    const answer: FitmentAnswer = { fits, answers: answers.map(({ engineId, productId, status }) => ({ engineId, productId, status })) };
    reply.header('Cache-Control', 'public, max-age=300');
    return answer;
  });

  /** GET /ajax/vehicle-key.php?key= (ours, issue 37): the engine a KBA or KType number names. */
  app.get('/ajax/vehicle-key.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (Array.isArray(query.key)) throw new BadRequest('invalid_vehicle_key', VEHICLE_KEY_FORMAT_MESSAGE);
    const text = typeof query.key === 'string' ? query.key : undefined;
    if (text === undefined || !text.trim()) throw new BadRequest('missing_parameter', 'Parameter key is required');
    const key = text.length <= VEHICLE_KEY_MAX * 2 ? parseVehicleKey(text) : null;
    if (!key) throw new BadRequest('invalid_vehicle_key', VEHICLE_KEY_FORMAT_MESSAGE);
    const vehicle = await repo.engineByKey(key);
    reply.header('Cache-Control', 'public, max-age=300');
    if (!vehicle) return sendError(reply, 404, 'unknown_vehicle_key', VEHICLE_KEY_UNKNOWN_MESSAGE);
    const answer: VehicleKeyAnswer = { ...key, vehicle: vehicle as VehicleKeyAnswer['vehicle'] };
    return answer;
  });

  /** GET /ajax/vehicle.php?kind=brand|model|engine&id= (ours): a vehicle page's data, as its page embeds it (the browser's page saga asks it). */
  app.get('/ajax/vehicle.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const kind = optionalText(query, 'kind', 10);
    if (kind === undefined || !(VEHICLE_PAGE_KINDS as readonly string[]).includes(kind)) throw new BadRequest('invalid_parameter', 'Parameter kind must be brand, model or engine');
    const id = optionalText(query, 'id', 9);
    if (id === undefined || !/^[1-9]\d{0,8}$/.test(id)) throw new BadRequest('invalid_parameter', 'Parameter id must be a positive integer');
    const page = await repo.vehiclePage(kind as VehiclePageKind, Number(id));
    if (!page) return sendError(reply, 404, 'not_found', `No ${kind} ${id}`);
    reply.header('Cache-Control', 'public, max-age=300');
    return page;
  });
}
