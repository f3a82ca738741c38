// The signed-in user's avatar: the image is stored as a tenant file and the account points at it, with the
// audit entry, in one transaction. The route checks the upload (size, image type) before.
import type { RequestContext } from '../../platform/context.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { ImageType } from '../../platform/files/image-type.js';
import { audit, type AccountsContext } from './context.js';

export async function changeAvatar(
  deps: { accounts: Pick<AccountsContext, 'db'>; files: FileStore },
  ctx: RequestContext,
  input: { bytes: Buffer; mediaType: ImageType },
): Promise<{ avatarSid: string }> {
  const { accounts, files } = deps;
  return accounts.db.transaction(async (tx) => {
    const file = await files.save(tx, {
      tenantSid: ctx.tenantSid,
      purpose: 'avatar',
      mediaType: input.mediaType,
      bytes: input.bytes,
      uploadedBy: ctx.userSid,
      at: ctx.now,
    });
    await tx.query('UPDATE user_account SET avatar_sid = $2, version = version + 1, updated_at = $3 WHERE sid = $1', [
      ctx.userSid,
      file.sid,
      ctx.now,
    ]);
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'user.avatar_changed',
      target: file.sid,
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return { avatarSid: file.sid };
  });
}
