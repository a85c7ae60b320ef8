/**
 * electron-builder's afterPack hook for `npm run package:check` only: a STAND-IN INSTALLER. The installers
 * that carry update feeds (nsis, dmg/zip, AppImage) need tools this machine cannot download (NSIS with wine,
 * appimagetool); so the check packs the unpacked app into an archive of its own and hands it to
 * electron-builder as an artifact that writes update info, as the nsis target does. electron-builder's own
 * publish code then writes the feed file (latest-linux.yml here; latest.yml and latest-mac.yml on Windows
 * and macOS) with the archive's sha512 and size, and its blockmap, from electron-builder.yml's `publish`.
 */
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = async function standInInstaller(context) {
  const { createBlockmap } = require('app-builder-lib/out/targets/differentialUpdateInfoBuilder');
  const packager = context.packager;
  const name = `${packager.appInfo.productFilename}-${packager.appInfo.version}-stand-in-installer.tar.gz`;
  const file = join(context.outDir, name);
  execFileSync('tar', ['-czf', file, '-C', context.appOutDir, '.']);
  const target = { name: 'stand-in-installer', outDir: context.outDir, options: null };
  // Writes <file>.blockmap and gives the size and sha512 the feed file names (as the nsis target does).
  const updateInfo = await createBlockmap(file, target, packager, name);
  await packager.info.emitArtifactBuildCompleted({ file, safeArtifactName: name, target, arch: context.arch, packager, isWriteUpdateInfo: true, updateInfo });
};
